import { syncedTableDeclarations, syncedTables, type PublicUser, type SyncedTable } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';
import { publicUserJson } from './public-user-json.ts';
import { postgresTimeZones } from './postgres-time-zones.ts';
import { pullSources } from './pull-sources.ts';
import { epochQuery } from './sync-history-repository.ts';
import { storedIn } from './synced-storage.ts';

/** A device's owner and how far its mutations have been handled. */
export type DeviceState = { userId: string; lastAppliedSeq: number };

/** Where in a family's (version, table, id) order a pull page stopped. */
/** A family's version, and the version its tombstones are kept after. */
export type FamilyVersions = { version: number; tombstoneFloor: number };

/** A family's id, version and tombstone floor as `familyVersionsOf` answers them (numbers as text). */
type FamilyVersionRow = [string, string, string];

/** The person's families with their versions, as one JSON column of a statement. */
function familyVersionsOf(sql: Queryable, userId: string) {
  return sql`coalesce((
    select json_agg(json_build_array(f.id, f.version::text, f.tombstone_floor::text))
    from families f join family_members m on m.family_id = f.id where m.user_id = ${userId}
  ), '[]')`;
}

function familyVersionsMap(rows: readonly FamilyVersionRow[]): Map<string, FamilyVersions> {
  return new Map(rows.map(([id, version, floor]) => [id, { version: Number(version), tombstoneFloor: Number(floor) }]));
}

export type ChangePosition = { version: number; table: number; id: string };

export type ChangeQuery = {
  familyId: string;
  /** The person pulling: some tables send each person only their own rows (chat read positions). */
  userId: string;
  /** Changes with a version above this (the device's cursor). */
  after: number;
  /** Tombstones at or below this version are left out (a family sent from 0 never had those rows). */
  skipTombstonesThrough: number;
  /** Continue after this position (a page that was cut short), or from the start. */
  resumeAfter: ChangePosition | null;
  /** Most changes in the page. */
  limit: number;
};

/** A page of a family's changes, as a pull sends it. */
export type ChangesPage = {
  /** The changes as a JSON array in pull order, each exactly as the API sends it (`Change`), made by PostgreSQL. */
  json: string;
  count: number;
  /** Where a page cut short stopped (the next resumes after it); null when no change is left after it. */
  stoppedAt: ChangePosition | null;
  /** The users the page's rows name (their declared user fields). */
  userIds: string[];
};

export function createSyncRepository(sql: Queryable) {
  return {
    /**
     * The device's state, registering it to the user when it is new. A device that exists keeps its owner; the
     * caller refuses a request whose user is not that owner. Read first, since every pull asks: a device is written
     * only when it is new, its last_seen_at moves at most once an hour and its pulled_at at most every five minutes
     * (a write per pull would be one every 30 s per open app). The time zone it says it is in is kept when
     * PostgreSQL knows the zone (a zone it does not know is checked again on each request, and changes nothing).
     * When `pulling`, the person's families and their versions come in the same statement: what a pull with nothing
     * new needs to answer, so such a pull is one statement in all (sync-pull.ts `pullChanges`).
     */
    async claimDevice(
      deviceId: string,
      userId: string,
      timeZone?: string,
      { pulling = false } = {},
    ): Promise<DeviceState & { epoch: string; families?: Map<string, FamilyVersions> }> {
      // A zone PostgreSQL does not know is not kept: the person's times are worked out in PostgreSQL with it.
      const knownZone = async () =>
        timeZone !== undefined && (await postgresTimeZones(sql)).has(timeZone) ? timeZone : null;
      // The server's epoch (sync-history.ts) comes with it: every push and pull needs both, and a round trip to
      // PostgreSQL is much of what a small pull costs.
      const read = () => sql<
        {
          user_id: string;
          last_applied_seq: string;
          stale: boolean;
          pulled_long_ago: boolean;
          time_zone: string | null;
          epoch: string;
          families?: FamilyVersionRow[];
        }[]
      >`
        select user_id, last_applied_seq, last_seen_at < now() - interval '1 hour' as stale,
          pulled_at < now() - interval '5 minutes' as pulled_long_ago, time_zone,
          (${epochQuery(sql)}) as epoch ${pulling ? sql`, ${familyVersionsOf(sql, userId)} as families` : sql``}
        from sync_devices where id = ${deviceId}
      `;
      let [row] = await read();
      if (!row) {
        // Another request may create it at the same moment: whichever insert wins, the row is read back.
        await sql`
          insert into sync_devices (id, user_id, time_zone) values (${deviceId}, ${userId}, ${await knownZone()})
          on conflict (id) do nothing
        `;
        [row] = await read();
      }
      if (!row) throw new Error('sync_devices row missing right after its insert');
      const moved = timeZone !== undefined && timeZone !== row.time_zone;
      const pulled = pulling && row.pulled_long_ago;
      if ((row.stale || moved || pulled) && row.user_id === userId) {
        const zone = await knownZone();
        await sql`
          update sync_devices
          set last_seen_at = now(), pulled_at = ${pulled ? sql`now()` : sql`pulled_at`},
            time_zone = coalesce(${zone}, time_zone)
          where id = ${deviceId}
            and (last_seen_at < now() - interval '1 hour' or time_zone is distinct from coalesce(${zone}, time_zone)
              or ${pulled ? sql`pulled_at < now() - interval '5 minutes'` : sql`false`})
        `;
      }
      return {
        userId: row.user_id,
        lastAppliedSeq: Number(row.last_applied_seq),
        epoch: row.epoch,
        ...(row.families ? { families: familyVersionsMap(row.families) } : {}),
      };
    },

    /**
     * Locks the device row until commit, so one device's mutations are handled one at a time, in order, and answers
     * its watermark and when it last pulled. Null unless the device is the user's: ownership is checked again inside
     * each mutation's transaction, not only when the request came in.
     */
    async lockDevice(deviceId: string, userId: string): Promise<{ lastAppliedSeq: number; pulledAt: Date } | null> {
      const [row] = await sql<{ last_applied_seq: string; pulled_at: Date }[]>`
        select last_applied_seq, pulled_at from sync_devices where id = ${deviceId} and user_id = ${userId} for update
      `;
      return row ? { lastAppliedSeq: Number(row.last_applied_seq), pulledAt: row.pulled_at } : null;
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

    async forgetRejectionsBefore(deviceId: string, seq: number): Promise<void> {
      await sql`delete from sync_rejections where device_id = ${deviceId} and seq < ${seq}`;
    },

    /** A device forgets itself when its person signs out there; another person's device is left alone. */
    async forgetDevice(deviceId: string, userId: string): Promise<void> {
      await sql`delete from sync_devices where id = ${deviceId} and user_id = ${userId}`;
    },

    async rejectionReason(deviceId: string, seq: number): Promise<string | undefined> {
      const [row] = await sql<{ reason: string }[]>`
        select reason from sync_rejections where device_id = ${deviceId} and seq = ${seq}
      `;
      return row?.reason;
    },

    /** Whether the family's tombstones name the row: it was deleted there. */
    async wasDeletedInFamily(familyId: string, table: SyncedTable, rowId: string): Promise<boolean> {
      const rows = await sql`
        select 1 from sync_tombstones where family_id = ${familyId} and table_name = ${table} and row_id = ${rowId}
      `;
      return rows.length > 0;
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

    /**
     * The family, among those the user is in, that holds a row of this id (an id is unique only in its family:
     * decision 0068). For a write queued by an app from before writes named their family (decision 0067).
     */
    async familyOfRowSeenBy(userId: string, table: SyncedTable, rowId: string): Promise<string | null> {
      const [row] = await sql<{ family_id: string }[]>`
        select t.family_id from ${sql(storedIn[table])} t
        join family_members m on m.family_id = t.family_id and m.user_id = ${userId}
        where t.id = ${rowId}
        limit 1
      `;
      return row?.family_id ?? null;
    },

    /**
     * The device's watermark and the user's families with their current versions, and the version up to which each
     * family's tombstones may have been let go (housekeeping.ts): a device's copy older than that must be fetched
     * again. One read, as every pull starts with it.
     */
    async deviceAndFamilies(
      deviceId: string,
      userId: string,
    ): Promise<{ lastAppliedSeq: number; families: Map<string, FamilyVersions> }> {
      const [row] = await sql<{ last_applied_seq: string | null; families: FamilyVersionRow[] }[]>`
        select (select last_applied_seq from sync_devices where id = ${deviceId}) as last_applied_seq,
          ${familyVersionsOf(sql, userId)} as families
      `;
      return { lastAppliedSeq: Number(row?.last_applied_seq ?? 0), families: familyVersionsMap(row?.families ?? []) };
    },

    /**
     * A page of a family's rows and tombstones in pull order: (version, table in `syncedTables` order, id). Each
     * table's rows come from its repository's pull source (pull-sources.ts). The page comes as the JSON the API
     * sends, so a pull's thousand rows are never parsed into objects and written out again.
     */
    async changesPage(query: ChangeQuery): Promise<ChangesPage> {
      const { familyId, after, resumeAfter, limit } = query;
      // Every branch may start at the resume position's version: the index range per table stays small.
      const from = Math.max(after + 1, resumeAfter?.version ?? 0);
      const tombstonesFrom = Math.max(from, query.skipTombstonesThrough + 1);
      const scope = { userId: query.userId, fromStart: after === 0 };
      // `offset 0` keeps PostgreSQL from folding a source into its branch, which would build each row's JSON twice
      // (once for the change, once more for each user field read out of it): 40 % of the statement's time.
      const rowBranches = syncedTables.map((table, rank) => {
        const { userFields } = syncedTableDeclarations[table];
        const named = userFields.map((field: string) => sql`row ->> ${field}`);
        return sql`
          select version, ${rank}::int as table_rank, id,
            ${`{"table":"${table}","op":"put","row":`}::text || row::text || '}' as change,
            ${named.length === 0 ? sql`null` : sql`nullif(concat_ws(',', ${named.reduce((all, one) => sql`${all}, ${one}`)}), '')`}
              as users
          from (${pullSources[table](sql, familyId, from, scope)} offset 0) source
        `;
      });
      const tombstones = sql`
        select t.version, array_position(${sql.array(syncedTables)}::text[], t.table_name) - 1, t.row_id,
          json_build_object('table', t.table_name, 'op', 'delete', 'id', t.row_id)::text, null
        from sync_tombstones t where t.family_id = ${familyId} and t.version >= ${tombstonesFrom}
      `;
      const changes = [...rowBranches, tombstones].reduce((all, branch) => sql`${all} union all ${branch}`);
      // One more than the page holds, to know whether any are left; one pass over them (a second would have
      // PostgreSQL keep them all aside, which cost more than the rest of the statement).
      const [page] = await sql<
        { found: number; json: string; users: string | null; last: [number, number, string] | null }[]
      >`
        select count(*)::int as found,
          coalesce('[' || string_agg(change, ',' order by n) filter (where n <= ${limit}) || ']', '[]') as json,
          string_agg(users, ',') filter (where n <= ${limit}) as users,
          (array_agg(json_build_array(version, table_rank, id)) filter (where n = ${limit}))[1] as last
        from (
          select version, table_rank, id, change, users,
            row_number() over (order by version, table_rank, id) as n
          from (${changes}) changes
          ${
            resumeAfter
              ? sql`where (version, table_rank, id) > (${resumeAfter.version}::bigint, ${resumeAfter.table}::int, ${resumeAfter.id}::text)`
              : sql``
          }
          order by version, table_rank, id
          limit ${limit + 1}
        ) found
      `;
      if (!page) throw new Error('an aggregate answers one row');
      const last = page.found > limit ? page.last : null;
      return {
        json: page.json,
        count: Math.min(page.found, limit),
        stoppedAt: last && { version: Number(last[0]), table: last[1], id: last[2] },
        userIds: page.users === null ? [] : [...new Set(page.users.split(','))],
      };
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
