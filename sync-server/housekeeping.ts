import type { Sql } from './database.ts';
import { forgetUnusedPhotoBytes } from './photos/photo-files.ts';
import type { PhotoStorage } from './photos/photo-storage.ts';

/**
 * How long the server keeps what only sync needs (docs/decisions/0013-bounded-growth-and-rebase-by-footprint.md).
 * - A tombstone tells devices that a row went; after 30 days a device that has not synced since fetches the family
 *   again instead (the pull compares its cursor with `families.tombstone_floor`).
 * - A device row holds the watermark that makes replays exactly-once; a device signing out forgets its own at once
 *   (`POST /api/sync/forget-device`), and one not seen for 90 days (three times a session's life) is forgotten here.
 *   Its rejection records go with it.
 * - An invitation that expired or was revoked 30 days ago no longer needs to say "this link has expired".
 * - A photo's file goes with its photo: at once when the photo was deleted, and 30 days after an upload that no
 *   photo ever named (a device names its upload as soon as the server has it). Its bytes then leave storage unless
 *   another upload shares them (`forgetUnusedPhotoBytes`).
 */
export const housekeepingPolicy = {
  tombstonesKeptDays: 30,
  devicesKeptDays: 90,
  invitationsKeptDaysAfterEnd: 30,
  /** A browser remembered for sign-in (migration 0006) is forgotten after a year, as its cookie is. */
  signInDevicesKeptDays: 365,
  unnamedUploadsKeptDays: 30,
  /** How often a server runs it; instances take turns under an advisory lock. */
  intervalMs: 60 * 60 * 1000,
};

export type HousekeepingReport = {
  tombstones: number;
  devices: number;
  invitations: number;
  photoFiles: number;
};

/** Any number, as long as nothing else in Hearth takes this advisory lock (migrate.ts uses its own). */
const housekeepingLock = 7317706126;

/**
 * Deletes what no device or person can need any more, as of `now`. Answers what it deleted, or null when another
 * instance is at it already.
 */
export async function runHousekeeping(sql: Sql, now = new Date()): Promise<HousekeepingReport | null> {
  const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  return sql.begin(async (tx) => {
    const [lock] = await tx<{ taken: boolean }[]>`select pg_try_advisory_xact_lock(${housekeepingLock}) as taken`;
    if (!lock?.taken) return null;

    // Per family, every tombstone up to the newest old one goes, and the family's floor rises to it in the same
    // statement, so no pull ever sees the tombstones gone without the floor that says so. Versions only grow with
    // time in a family, so nothing recent is at or below that version.
    const [tombstones] = await tx<{ count: number }[]>`
      with old as (
        select family_id, max(version) as floor from sync_tombstones
        where deleted_at < ${daysBefore(housekeepingPolicy.tombstonesKeptDays)}
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
    const devices = await tx`
      delete from sync_devices where last_seen_at < ${daysBefore(housekeepingPolicy.devicesKeptDays)}
    `;
    const invitations = await tx`
      delete from invitations
      where least(expires_at, coalesce(revoked_at, expires_at))
        < ${daysBefore(housekeepingPolicy.invitationsKeptDaysAfterEnd)}
    `;
    // A deleted photo's tombstone outlives the photo by 30 days, and an unnamed upload by then is 30 days old too.
    const photoFiles = await tx`
      delete from photo_files f
      where not exists (select 1 from photos p where p.id = f.photo_id)
        and (
          f.created_at < ${daysBefore(housekeepingPolicy.unnamedUploadsKeptDays)}
          or exists (
            select 1 from sync_tombstones t where t.table_name = 'photos' and t.row_id = f.photo_id::text
          )
        )
    `;
    return {
      tombstones: tombstones?.count ?? 0,
      devices: devices.count,
      invitations: invitations.count,
      photoFiles: photoFiles.count,
    };
  });
}

/**
 * Runs housekeeping now and then every `intervalMs`, then deletes from `photoStorage` the bytes no photo names any
 * more; a failure is logged and tried again next time. The answer stops it, waiting for a run under way so the
 * database can close after.
 */
export function scheduleHousekeeping(
  sql: Sql,
  log: {
    info(report: object, message: string): void;
    error(failure: object, message: string): void;
  },
  { photoStorage, intervalMs = housekeepingPolicy.intervalMs }: { photoStorage: PhotoStorage; intervalMs?: number },
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = (async () => {
      const report = await runHousekeeping(sql);
      if (!report) return;
      const photoBytes = await forgetUnusedPhotoBytes(sql, photoStorage);
      log.info({ ...report, photoBytes }, 'housekeeping done');
    })().catch((error: unknown) => log.error({ err: error }, 'housekeeping failed'));
  };
  run();
  const timer = setInterval(run, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
