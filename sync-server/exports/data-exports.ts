import type { DataExport } from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { writeToFamily } from '../mutators/access.ts';
import type { PhotoStorage } from '../photos/photo-storage.ts';
import { createNotificationRepository } from '../repositories/notification-repository.ts';
import type { FamilyChange } from '../sync-notifier.ts';
import { writeDataArchive } from './data-archive.ts';

/** Download My Data (decision 0027). */
export const exportPolicy = {
  /** A ready archive can be downloaded this long. */
  keptDays: 7,
  /** One archive a day per person: building one reads everything they have. */
  everyHours: 24,
  /** A build that has not finished in this long died with its instance: it is built again. */
  abandonedAfterMinutes: 30,
};

export const exportKey = (id: string) => `exports/${id}.zip`;

type ExportRow = {
  id: string;
  status: DataExport['status'];
  progress: number;
  byte_size: string | null;
  requested_at: Date;
  finished_at: Date | null;
};

function toExport(row: ExportRow): DataExport {
  const hours = (count: number) => count * 60 * 60 * 1000;
  return {
    id: row.id,
    status: row.status,
    progress: row.progress,
    byteSize: row.byte_size === null ? null : Number(row.byte_size),
    requestedAt: row.requested_at.toISOString(),
    expiresAt:
      row.status === 'ready' && row.finished_at
        ? new Date(row.finished_at.getTime() + hours(24 * exportPolicy.keptDays)).toISOString()
        : null,
    nextAllowedAt: new Date(row.requested_at.getTime() + hours(exportPolicy.everyHours)).toISOString(),
  };
}

/** The person's newest archive, if it is still worth showing (under way, failed, or ready and not expired). */
export async function latestExport(sql: Sql, userId: string): Promise<DataExport | null> {
  const [row] = await sql<ExportRow[]>`
    select id, status, progress, byte_size, requested_at, finished_at from data_exports
    where user_id = ${userId} order by requested_at desc limit 1
  `;
  if (!row) return null;
  const found = toExport(row);
  return found.expiresAt && Date.parse(found.expiresAt) <= Date.now() ? null : found;
}

export type ExportRequest =
  | { started: DataExport }
  | { refused: 'under_way'; current: DataExport }
  | { refused: 'too_soon'; current: DataExport };

/** Asks for an archive: refused while one is under way, or when one was asked for in the last day (and did not fail). */
export async function requestExport(sql: Sql, userId: string): Promise<ExportRequest> {
  return sql.begin(async (tx) => {
    // Serialises one person's requests: two taps at once make one archive.
    await tx`select 1 from users where id = ${userId} for update`;
    const [latest] = await tx<ExportRow[]>`
      select id, status, progress, byte_size, requested_at, finished_at from data_exports
      where user_id = ${userId} order by requested_at desc limit 1
    `;
    if (latest && (latest.status === 'waiting' || latest.status === 'building')) {
      return { refused: 'under_way', current: toExport(latest) };
    }
    if (latest && latest.status !== 'failed' && Date.parse(toExport(latest).nextAllowedAt) > Date.now()) {
      return { refused: 'too_soon', current: toExport(latest) };
    }
    const [row] = await tx<ExportRow[]>`
      insert into data_exports (user_id) values (${userId})
      returning id, status, progress, byte_size, requested_at, finished_at
    `;
    if (!row) throw new Error('data_exports insert returned no row');
    return { started: toExport(row) };
  });
}

/**
 * Builds the oldest archive waiting (or abandoned by an instance that stopped), claimed so no two instances build
 * one, and announces it on the person's bell. Answers the family change of the announcement, or undefined when
 * nothing was waiting (null when built but there was no family to announce it in).
 */
export async function buildNextExport(sql: Sql, storage: PhotoStorage): Promise<FamilyChange | null | undefined> {
  const [claimed] = await sql<{ id: string; user_id: string }[]>`
    update data_exports set status = 'building', started_at = now(), progress = 0
    where id = (
      select id from data_exports
      where status = 'waiting'
        or (status = 'building' and started_at < now() - make_interval(mins => ${exportPolicy.abandonedAfterMinutes}))
      order by requested_at limit 1 for update skip locked
    )
    returning id, user_id
  `;
  if (!claimed) return undefined;
  try {
    const { byteSize } = await writeDataArchive(sql, storage, {
      userId: claimed.user_id,
      key: exportKey(claimed.id),
      onProgress: async (done) => {
        await sql`update data_exports set progress = ${Math.min(99, Math.floor(done * 100))} where id = ${claimed.id}`;
      },
    });
    await sql`
      update data_exports set status = 'ready', progress = 100, byte_size = ${byteSize}, finished_at = now()
      where id = ${claimed.id}
    `;
  } catch (error) {
    await sql`update data_exports set status = 'failed', finished_at = now() where id = ${claimed.id}`;
    throw error;
  }
  return announce(sql, claimed.user_id, claimed.id);
}

/** "Your archive is ready" on the bell, in the first family the person joined that they have not muted. */
async function announce(sql: Sql, userId: string, exportId: string): Promise<FamilyChange | null> {
  const [family] = await sql<{ family_id: string }[]>`
    select m.family_id from family_members m left join user_settings s on s.user_id = m.user_id
    where m.user_id = ${userId} and not m.family_id = any(coalesce(s.muted_family_ids, '{}'))
    order by m.joined_at limit 1
  `;
  if (!family) return null;
  return writeToFamily(sql, family.family_id, async (tx, writeVersion) => {
    await createNotificationRepository(tx).notify({
      familyId: family.family_id,
      type: 'export_ready',
      groupKey: `export:${exportId}`,
      relatedId: exportId,
      actorId: null,
      excerpt: '',
      version: await writeVersion(),
      recipients: [userId],
    });
  });
}

/** Housekeeping: archives past their week leave storage, and so do failed ones' leftovers. Answers how many. */
export async function forgetExpiredExports(sql: Sql, storage: PhotoStorage, now = new Date()): Promise<number> {
  const expired = await sql<{ id: string }[]>`
    select id from data_exports
    where finished_at < ${now}::timestamptz - make_interval(days => ${exportPolicy.keptDays})
  `;
  for (const { id } of expired) {
    await storage.delete(exportKey(id));
    await sql`delete from data_exports where id = ${id}`;
  }
  return expired.length;
}
