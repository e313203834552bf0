import type { DataExport } from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { writeToFamily } from '../mutators/access.ts';
import type { PhotoStorage } from '../photos/photo-storage.ts';
import { createExportRepository, type ExportRow } from '../repositories/export-repository.ts';
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
  const row = await createExportRepository(sql).newestOf(userId);
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
    const exports = createExportRepository(tx);
    await exports.lockRequestsOf(userId);
    const latest = await exports.newestOf(userId);
    if (latest && (latest.status === 'waiting' || latest.status === 'building')) {
      return { refused: 'under_way', current: toExport(latest) };
    }
    if (latest && latest.status !== 'failed' && Date.parse(toExport(latest).nextAllowedAt) > Date.now()) {
      return { refused: 'too_soon', current: toExport(latest) };
    }
    return { started: toExport(await exports.request(userId)) };
  });
}

/**
 * Builds the oldest archive waiting (or abandoned by an instance that stopped), claimed so no two instances build
 * one, and announces it on the person's bell. Answers the family change of the announcement, or undefined when
 * nothing was waiting (null when built but there was no family to announce it in).
 */
export async function buildNextExport(sql: Sql, storage: PhotoStorage): Promise<FamilyChange | null | undefined> {
  const exports = createExportRepository(sql);
  const claimed = await exports.claimNext(exportPolicy.abandonedAfterMinutes);
  if (!claimed) return undefined;
  try {
    const { byteSize } = await writeDataArchive(sql, storage, {
      userId: claimed.user_id,
      key: exportKey(claimed.id),
      onProgress: (done) => exports.setProgress(claimed.id, Math.min(99, Math.floor(done * 100))),
    });
    await exports.markReady(claimed.id, byteSize);
  } catch (error) {
    await exports.markFailed(claimed.id);
    throw error;
  }
  return announce(sql, claimed.user_id, claimed.id);
}

/** "Your archive is ready" on the bell, in the first family the person joined that they have not muted. */
async function announce(sql: Sql, userId: string, exportId: string): Promise<FamilyChange | null> {
  const familyId = await createExportRepository(sql).firstUnmutedFamilyOf(userId);
  if (!familyId) return null;
  return writeToFamily(sql, familyId, async (tx, writeVersion) => {
    await createNotificationRepository(tx).notify({
      familyId,
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
  const exports = createExportRepository(sql);
  const expired = await exports.finishedBefore(now, exportPolicy.keptDays);
  for (const id of expired) {
    await storage.delete(exportKey(id));
    await exports.forget(id);
  }
  return expired.length;
}
