import { syncedTables, type Change, type PublicUser, type SyncedTable } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import { publicUserJson } from './public-user-json.ts';

/** A device's owner and how far its mutations have been handled. */
export type DeviceState = { userId: string; lastAppliedSeq: number };

/** Where in a family's (version, table, id) order a pull page stopped. */
export type ChangePosition = { version: number; table: number; id: string };

/** One change of a family with its place in the pull order. */
export type OrderedChange = { position: ChangePosition; change: Change };

export type ChangeQuery = {
  familyId: string;
  /** Changes with a version above this (the device's cursor). */
  after: number;
  /** Tombstones at or below this version are left out (a family sent from 0 never had those rows). */
  skipTombstonesThrough: number;
  /** Continue after this position (a page that was cut short), or from the start. */
  resumeAfter: ChangePosition | null;
  limit: number;
};

type ChangeRow = {
  version: string;
  table_rank: number;
  id: string;
  row: Record<string, unknown> | null;
};

/** JSON from the database writes times as `2026-01-02T03:04:05.678+00:00`; the API speaks `toISOString()`. */
const timestampFields = ['createdAt', 'updatedAt', 'joinedAt'];

function toChange(table: SyncedTable, row: ChangeRow): Change {
  if (row.row === null) return { table, op: 'delete', id: row.id };
  const fields = { ...row.row };
  for (const field of timestampFields) {
    const value = fields[field];
    if (typeof value === 'string') fields[field] = new Date(value).toISOString();
  }
  // The SQL below builds each table's row in exactly its synced*Schema shape.
  return { table, op: 'put', row: fields } as Change;
}

export function createSyncRepository(sql: Queryable) {
  return {
    /**
     * The device's state, registering it to the user when it is new. A device that exists keeps its owner; the
     * caller refuses a request whose user is not that owner. Read first, since every pull asks: a device is written
     * only when it is new, and its last_seen_at moves at most once an hour (a write per pull would be one every
     * 30 s per open app).
     */
    async claimDevice(deviceId: string, userId: string): Promise<DeviceState> {
      const read = () => sql<{ user_id: string; last_applied_seq: string; stale: boolean }[]>`
        select user_id, last_applied_seq, last_seen_at < now() - interval '1 hour' as stale
        from sync_devices where id = ${deviceId}
      `;
      let [row] = await read();
      if (!row) {
        // Another request may create it at the same moment: whichever insert wins, the row is read back.
        await sql`insert into sync_devices (id, user_id) values (${deviceId}, ${userId}) on conflict (id) do nothing`;
        [row] = await read();
      }
      if (!row) throw new Error('sync_devices row missing right after its insert');
      if (row.stale && row.user_id === userId) {
        await sql`update sync_devices set last_seen_at = now() where id = ${deviceId}`;
      }
      return { userId: row.user_id, lastAppliedSeq: Number(row.last_applied_seq) };
    },

    /**
     * Locks the device row until commit, so one device's mutations are handled one at a time, in order, and answers
     * its watermark. Null unless the device is the user's: ownership is checked again inside each mutation's
     * transaction, not only when the request came in.
     */
    async lockDevice(deviceId: string, userId: string): Promise<number | null> {
      const [row] = await sql<{ last_applied_seq: string }[]>`
        select last_applied_seq from sync_devices where id = ${deviceId} and user_id = ${userId} for update
      `;
      return row ? Number(row.last_applied_seq) : null;
    },

    async lastAppliedSeq(deviceId: string): Promise<number> {
      const [row] = await sql<{ last_applied_seq: string }[]>`
        select last_applied_seq from sync_devices where id = ${deviceId}
      `;
      return row ? Number(row.last_applied_seq) : 0;
    },

    async moveWatermark(deviceId: string, seq: number): Promise<void> {
      await sql`update sync_devices set last_applied_seq = ${seq}, last_seen_at = now() where id = ${deviceId}`;
    },

    async recordRejection(rejection: { deviceId: string; seq: number; name: string; reason: string }): Promise<void> {
      await sql`
        insert into sync_rejections (device_id, seq, name, reason)
        values (${rejection.deviceId}, ${rejection.seq}, ${rejection.name}, ${rejection.reason})
      `;
    },

    async rejectionReason(deviceId: string, seq: number): Promise<string | undefined> {
      const [row] = await sql<{ reason: string }[]>`
        select reason from sync_rejections where device_id = ${deviceId} and seq = ${seq}
      `;
      return row?.reason;
    },

    /** Whether the row was deleted from a family the user belongs to (so saying so reveals nothing). */
    async wasDeletedInFamilyOf(userId: string, table: SyncedTable, rowId: string): Promise<boolean> {
      const rows = await sql`
        select 1 from family_members m
        join sync_tombstones t on t.family_id = m.family_id and t.table_name = ${table} and t.row_id = ${rowId}
        where m.user_id = ${userId}
        limit 1
      `;
      return rows.length > 0;
    },

    /** The user's families with their current versions. */
    async familyVersionsOf(userId: string): Promise<Map<string, number>> {
      const rows = await sql<{ id: string; version: string }[]>`
        select f.id, f.version from families f join family_members m on m.family_id = f.id
        where m.user_id = ${userId}
      `;
      return new Map(rows.map((row) => [row.id, Number(row.version)]));
    },

    /**
     * A family's rows and tombstones in pull order: (version, table in `syncedTables` order, id). Each table's row
     * is built in its synced*Schema shape.
     */
    async changesOf(query: ChangeQuery): Promise<OrderedChange[]> {
      const rank = (table: SyncedTable) => syncedTables.indexOf(table);
      const { familyId, after, resumeAfter } = query;
      // Every branch may start at the resume position's version: the index range per table stays small.
      const from = Math.max(after + 1, resumeAfter?.version ?? 0);
      const tombstonesFrom = Math.max(from, query.skipTombstonesThrough + 1);
      const rows = await sql<ChangeRow[]>`
        select version, table_rank, id, row from (
          select f.row_version as version, ${rank('families')}::int as table_rank, f.id::text as id,
            jsonb_build_object(
              'id', f.id, 'name', f.name, 'description', f.description, 'createdById', f.created_by_id,
              'createdAt', f.created_at, 'updatedAt', f.updated_at
            ) as row
          from families f where f.id = ${familyId} and f.row_version >= ${from}
          union all
          select m.version, ${rank('members')}::int, m.id::text,
            jsonb_build_object(
              'id', m.id, 'familyId', m.family_id, 'userId', m.user_id, 'role', m.role,
              'relationshipType', m.relationship_type, 'joinedAt', m.joined_at
            )
          from family_members m where m.family_id = ${familyId} and m.version >= ${from}
          union all
          select p.version, ${rank('posts')}::int, p.id::text,
            jsonb_build_object(
              'id', p.id, 'familyId', p.family_id, 'authorId', p.author_id, 'content', p.content,
              'photoIds', to_jsonb(p.photo_ids), 'createdAt', p.created_at, 'updatedAt', p.updated_at
            )
          from posts p where p.family_id = ${familyId} and p.version >= ${from}
          union all
          select c.version, ${rank('comments')}::int, c.id::text,
            jsonb_build_object(
              'id', c.id, 'familyId', c.family_id, 'postId', c.post_id, 'authorId', c.author_id,
              'content', c.content, 'createdAt', c.created_at
            )
          from comments c where c.family_id = ${familyId} and c.version >= ${from}
          union all
          select r.version, ${rank('reactions')}::int, r.id,
            jsonb_build_object(
              'id', r.id, 'familyId', r.family_id, 'postId', r.post_id, 'userId', r.user_id,
              'reactionType', r.reaction_type, 'createdAt', r.created_at
            )
          from post_reactions r where r.family_id = ${familyId} and r.version >= ${from}
          union all
          select t.version, array_position(${sql.array([...syncedTables])}::text[], t.table_name) - 1, t.row_id,
            null
          from sync_tombstones t where t.family_id = ${familyId} and t.version >= ${tombstonesFrom}
        ) changes
        ${
          resumeAfter
            ? sql`where (version, table_rank, id) > (${resumeAfter.version}::bigint, ${resumeAfter.table}::int, ${resumeAfter.id}::text)`
            : sql``
        }
        order by version, table_rank, id
        limit ${query.limit}
      `;
      return rows.map((row) => {
        const table = syncedTables[row.table_rank];
        if (!table) throw new Error(`unknown synced table rank ${row.table_rank}`);
        const position = { version: Number(row.version), table: row.table_rank, id: row.id };
        return { position, change: toChange(table, row) };
      });
    },

    /** Names and avatars only: what members see of each other. */
    async publicUsers(userIds: string[]): Promise<PublicUser[]> {
      if (userIds.length === 0) return [];
      const rows = await sql<{ user: PublicUser }[]>`
        select ${publicUserJson(sql, 'u')} as user from users u where u.id = any(${userIds}::uuid[]) order by u.id
      `;
      return rows.map((row) => row.user);
    },
  };
}

export type SyncRepository = ReturnType<typeof createSyncRepository>;
