import type { DataExport } from '../../schema/index.ts';
import type { Queryable } from '../database.ts';

/** An archive of Download My Data as stored (decision 0027); exports/data-exports.ts says what it means to a person. */
export type ExportRow = {
  id: string;
  status: DataExport['status'];
  progress: number;
  byte_size: string | null;
  requested_at: Date;
  finished_at: Date | null;
};

export function createExportRepository(sql: Queryable) {
  return {
    async newestOf(userId: string): Promise<ExportRow | undefined> {
      const [row] = await sql<ExportRow[]>`
        select id, status, progress, byte_size, requested_at, finished_at from data_exports
        where user_id = ${userId} order by requested_at desc limit 1
      `;
      return row;
    },

    /** Holds the person's row to the end of the transaction: two requests at once then make one archive. */
    async lockRequestsOf(userId: string): Promise<void> {
      await sql`select 1 from users where id = ${userId} for update`;
    },

    async request(userId: string): Promise<ExportRow> {
      const [row] = await sql<ExportRow[]>`
        insert into data_exports (user_id) values (${userId})
        returning id, status, progress, byte_size, requested_at, finished_at
      `;
      if (!row) throw new Error('data_exports insert returned no row');
      return row;
    },

    /** Whether the archive was ever the person's (a download of one gone is told so, not "not found"). */
    async wasEverOf(exportId: string, userId: string): Promise<boolean> {
      const [row] = await sql`select 1 from data_exports where id = ${exportId} and user_id = ${userId}`;
      return !!row;
    },

    /**
     * Claims the oldest archive waiting, or abandoned mid-build for `abandonedAfterMinutes`, skipping any another
     * instance holds, so no two build the same one.
     */
    async claimNext(abandonedAfterMinutes: number): Promise<{ id: string; user_id: string } | undefined> {
      const [claimed] = await sql<{ id: string; user_id: string }[]>`
        update data_exports set status = 'building', started_at = now(), progress = 0
        where id = (
          select id from data_exports
          where status = 'waiting'
            or (status = 'building' and started_at < now() - make_interval(mins => ${abandonedAfterMinutes}))
          order by requested_at limit 1 for update skip locked
        )
        returning id, user_id
      `;
      return claimed;
    },

    async setProgress(exportId: string, percent: number): Promise<void> {
      await sql`update data_exports set progress = ${percent} where id = ${exportId}`;
    },

    async markReady(exportId: string, byteSize: number): Promise<void> {
      await sql`
        update data_exports set status = 'ready', progress = 100, byte_size = ${byteSize}, finished_at = now()
        where id = ${exportId}
      `;
    },

    async markFailed(exportId: string): Promise<void> {
      await sql`update data_exports set status = 'failed', finished_at = now() where id = ${exportId}`;
    },

    /** Archives finished (ready or failed) more than `keptDays` before `now`. */
    async finishedBefore(now: Date, keptDays: number): Promise<string[]> {
      const rows = await sql<{ id: string }[]>`
        select id from data_exports
        where finished_at < ${now}::timestamptz - make_interval(days => ${keptDays})
      `;
      return rows.map((row) => row.id);
    },

    async forget(exportId: string): Promise<void> {
      await sql`delete from data_exports where id = ${exportId}`;
    },

    /** The first family the person joined that they have not muted: where news meant for them alone is told. */
    async firstUnmutedFamilyOf(userId: string): Promise<string | undefined> {
      const [family] = await sql<{ family_id: string }[]>`
        select m.family_id from family_members m left join user_settings s on s.user_id = m.user_id
        where m.user_id = ${userId} and not m.family_id = any(coalesce(s.muted_family_ids, '{}'))
        order by m.joined_at limit 1
      `;
      return family?.family_id;
    },
  };
}
