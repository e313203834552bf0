import type postgres from 'postgres';
import type { FamilyFrame, FramePhoto } from '../../schema/index.ts';
import { frameUnusedDays, framePhotosMax } from '../../schema/index.ts';
import { publicName } from '../../schema/public-name.ts';
import type { Queryable } from '../database.ts';
import { describeUserAgent } from '../auth/user-agent.ts';

/** What every request of a frame needs: which family it shows, and whether its visit is worth writing down. */
export type FrameCredential = { id: string; familyId: string; stale: boolean };

type FrameRow = {
  id: string;
  family_id: string;
  created_at: Date;
  opened_at: Date | null;
  last_seen_at: Date;
  user_agent: string | null;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
};

function toFamilyFrame(row: FrameRow): FamilyFrame {
  const device = row.user_agent === null ? null : describeUserAgent(row.user_agent);
  return {
    id: row.id,
    familyId: row.family_id,
    // Its maker may have deleted their account since: the frame stays the family's.
    createdBy:
      row.username === null
        ? 'A former member'
        : publicName({
            firstName: row.first_name,
            lastName: row.last_name,
            username: row.username,
          }),
    createdAt: row.created_at.toISOString(),
    openedAt: row.opened_at?.toISOString() ?? null,
    device: device && `${device.browser} on ${device.system}`,
    lastSeenAt: row.last_seen_at.toISOString(),
  };
}

const unused = (sql: Queryable) => sql`make_interval(days => ${frameUnusedDays})`;

/** Photo frames (migration 0034, decision 0061): only hashes of their tokens are kept. */
export function createFrameRepository(sql: Queryable) {
  const framesWhere = (condition: postgres.Fragment) => sql<FrameRow[]>`
    select f.id, f.family_id, f.created_at, f.opened_at, f.last_seen_at, f.user_agent,
      u.first_name, u.last_name, u.username
    from frame_links f left join users u on u.id = f.created_by_id
    where ${condition} and f.last_seen_at > now() - ${unused(sql)}
    order by f.created_at desc, f.id
  `;

  return {
    async create(frame: { id: string; familyId: string; createdById: string; linkTokenHash: Buffer }) {
      await sql`
        insert into frame_links (id, family_id, created_by_id, link_token_hash)
        values (${frame.id}, ${frame.familyId}, ${frame.createdById}, ${frame.linkTokenHash})
      `;
      const [row] = await framesWhere(sql`f.id = ${frame.id}`);
      if (!row) throw new Error(`frame ${frame.id} missing right after it was made`);
      return toFamilyFrame(row);
    },

    async listOf(familyId: string): Promise<FamilyFrame[]> {
      return (await framesWhere(sql`f.family_id = ${familyId}`)).map(toFamilyFrame);
    },

    /**
     * Turns an unopened link into a frame with the cookie's hash, once: a second browser with the same link finds
     * nothing. Answers the frame's id, or null.
     */
    async open(linkTokenHash: Buffer, tokenHash: Buffer, userAgent: string | null): Promise<string | null> {
      const [row] = await sql<{ id: string }[]>`
        update frame_links
        set link_token_hash = null, token_hash = ${tokenHash}, user_agent = ${userAgent}, opened_at = now(),
          last_seen_at = now()
        where link_token_hash = ${linkTokenHash} and last_seen_at > now() - ${unused(sql)}
        returning id
      `;
      return row?.id ?? null;
    },

    /** The live frame a cookie names; `stale` when its last visit was written down over `touchSeconds` ago. */
    async find(tokenHash: Buffer, touchSeconds: number): Promise<FrameCredential | null> {
      const [row] = await sql<{ id: string; family_id: string; stale: boolean }[]>`
        select id, family_id, last_seen_at < now() - make_interval(secs => ${touchSeconds}) as stale
        from frame_links where token_hash = ${tokenHash} and last_seen_at > now() - ${unused(sql)}
      `;
      return row ? { id: row.id, familyId: row.family_id, stale: row.stale } : null;
    },

    async touch(frameId: string): Promise<void> {
      await sql`update frame_links set last_seen_at = now() where id = ${frameId}`;
    },

    /** Whether the frame still is (not turned off, not unused for too long). */
    async isLive(frameId: string): Promise<boolean> {
      const rows = await sql`
        select 1 from frame_links where id = ${frameId} and last_seen_at > now() - ${unused(sql)}
      `;
      return rows.length > 0;
    },

    /** Answers whether there was such a frame of the family. */
    async delete(familyId: string, frameId: string): Promise<boolean> {
      const gone = await sql`delete from frame_links where id = ${frameId} and family_id = ${familyId}`;
      return gone.count > 0;
    },

    /** The family's newest photos with a file, as a frame shows them. */
    async photosOf(familyId: string): Promise<{ familyName: string; photos: FramePhoto[] } | null> {
      const [family] = await sql<{ name: string }[]>`select name from families where id = ${familyId}`;
      if (!family) return null;
      const rows = await sql<
        {
          id: string;
          created_at: Date;
          first_name: string | null;
          last_name: string | null;
          username: string;
        }[]
      >`
        select p.id, p.created_at, u.first_name, u.last_name, u.username
        from photos p join users u on u.id = p.uploaded_by_id
        join photo_files f on f.family_id = p.family_id and f.photo_id = p.id
        where p.family_id = ${familyId}
        order by p.created_at desc, p.id desc limit ${framePhotosMax}
      `;
      return {
        familyName: family.name,
        photos: rows.map((row) => ({
          id: row.id,
          sharedBy: publicName({
            firstName: row.first_name,
            lastName: row.last_name,
            username: row.username,
          }),
          sharedAt: row.created_at.toISOString(),
        })),
      };
    },

    /** Whether `photoId` is a photo of `familyId` (its file, for the frame to show). */
    async isPhotoOf(photoId: string, familyId: string): Promise<boolean> {
      const rows = await sql`select 1 from photos where id = ${photoId} and family_id = ${familyId}`;
      return rows.length > 0;
    },
  };
}

export type FrameRepository = ReturnType<typeof createFrameRepository>;
