import type { Queryable } from '../database.ts';
import { noteUnusedBytes } from './photo-bytes-repository.ts';
import { recordTombstones } from './sync-tombstones.ts';

/**
 * What housekeeping deletes (sync-server/housekeeping.ts says how long each is kept and why). Each takes the cutoff
 * and answers how many rows went.
 */
export function createHousekeepingRepository(sql: Queryable) {
  return {
    /**
     * Per family, every tombstone up to the newest one older than `before` goes, and the family's floor rises to it in
     * the same statement, so no pull ever sees the tombstones gone without the floor that says so. Versions only grow
     * with time in a family, so nothing recent is at or below that version.
     */
    async forgetTombstones(before: Date): Promise<number> {
      const [gone] = await sql<{ count: number }[]>`
        with old as (
          select family_id, max(version) as floor from sync_tombstones
          where deleted_at < ${before}
          group by family_id
        ), raised as (
          update families f set tombstone_floor = greatest(f.tombstone_floor, old.floor)
          from old where f.id = old.family_id
          returning f.id, f.tombstone_floor
        ), gone as (
          delete from sync_tombstones t using raised
          where t.family_id = raised.id and t.version <= raised.tombstone_floor
          returning 1
        )
        select count(*)::int as count from gone
      `;
      return gone?.count ?? 0;
    },

    async forgetDevices(notSeenSince: Date): Promise<number> {
      return (await sql`delete from sync_devices where last_seen_at < ${notSeenSince}`).count;
    },

    async forgetInvitations(endedBefore: Date): Promise<number> {
      const gone = await sql`
        delete from invitations where least(expires_at, coalesce(revoked_at, expires_at)) < ${endedBefore}
      `;
      return gone.count;
    },

    /** Photo frames (and links never opened) unused since `unusedBefore` (decision 0061). */
    async forgetFrames(unusedBefore: Date): Promise<number> {
      const gone = await sql`delete from frame_links where last_seen_at < ${unusedBefore}`;
      return gone.count;
    },

    /**
     * The files of deleted photos and voice notes (whose tombstone outlives the row by as long as `unnamedBefore` is
     * old) and of uploads made before `unnamedBefore` that no photo or voice note ever named (decision 0058).
     */
    async forgetPhotoFiles(unnamedBefore: Date): Promise<number> {
      const gone = await sql<{ sha256: string }[]>`
        delete from photo_files f
        where not exists (select 1 from photos p where p.family_id = f.family_id and p.id = f.photo_id)
          and (
            f.created_at < ${unnamedBefore}
            or exists (
              select 1 from sync_tombstones t
              where t.family_id = f.family_id and t.table_name = 'photos' and t.row_id = f.photo_id::text
            )
          )
        returning f.sha256
      `;
      const voiceGone = await sql<{ sha256: string }[]>`
        delete from voice_files f
        where not exists (select 1 from voice_notes v where v.family_id = f.family_id and v.id = f.voice_note_id)
          and (
            f.created_at < ${unnamedBefore}
            or exists (
              select 1 from sync_tombstones t
              where t.family_id = f.family_id and t.table_name = 'voiceNotes' and t.row_id = f.voice_note_id::text
            )
          )
        returning f.sha256
      `;
      const sha256s = [...gone, ...voiceGone].map((row) => row.sha256);
      await noteUnusedBytes(sql, sql`select unnest(${sha256s}::text[]) as sha256`);
      return gone.length + voiceGone.length;
    },

    async forgetOccasionsTold(before: Date): Promise<number> {
      return (await sql`delete from occasions_told where told_at < ${before}`).count;
    },

    /** A rate limit's window that ended counts nothing any more (plugins/rate-limit.ts). */
    async forgetEndedRateLimits(now: Date): Promise<void> {
      await sql`delete from rate_limits where reset_at < ${now}`;
    },

    /** An expired one-time link opens nothing (account-link-repository.ts). */
    async forgetExpiredAccountLinks(now: Date): Promise<void> {
      await sql`delete from account_links where expires_at < ${now}`;
    },

    /** A passkey challenge that expired can sign nobody in. */
    async forgetExpiredPasskeyChallenges(now: Date): Promise<void> {
      await sql`delete from passkey_challenges where expires_at < ${now}`;
    },

    async forgetDigestLinks(before: Date): Promise<number> {
      return (await sql`delete from digest_unsubscribe_tokens where created_at < ${before}`).count;
    },

    /** The families holding notifications read before `readBefore`. */
    async familiesWithOldReadNotifications(readBefore: Date): Promise<string[]> {
      const families = await sql<{ family_id: string }[]>`
        select distinct family_id from notifications where is_read and updated_at < ${readBefore}
      `;
      return families.map((family) => family.family_id);
    },

    /**
     * Deletes the family's notifications read before `readBefore`, with tombstones at `version` so every device of
     * their person drops them at its next pull (run under the family's lock). Answers how many.
     */
    async forgetReadNotifications(familyId: string, version: number, readBefore: Date): Promise<number> {
      const [old] = await sql<{ count: number }[]>`
        select count(*)::int as count from notifications
        where family_id = ${familyId} and is_read and updated_at < ${readBefore}
      `;
      await recordTombstones(
        sql,
        'notifications',
        version,
        sql`
          delete from notifications where family_id = ${familyId} and is_read and updated_at < ${readBefore}
          returning family_id, id::text as row_id
        `,
      );
      return old?.count ?? 0;
    },
  };
}
