import type { Sql } from './database.ts';

/**
 * How long the server keeps what only sync needs (docs/decisions/0013-bounded-growth-and-rebase-by-footprint.md).
 * - A tombstone tells devices that a row went; after 30 days a device that has not synced since fetches the family
 *   again instead (the pull compares its cursor with `families.tombstone_floor`).
 * - A device row holds the watermark that makes replays exactly-once; a device signing out forgets its own at once
 *   (`POST /api/sync/forget-device`), and one not seen for 90 days (three times a session's life) is forgotten here.
 *   Its rejection records go with it.
 * - An invitation that expired or was revoked 30 days ago no longer needs to say "this link has expired".
 */
export const housekeepingPolicy = {
  tombstonesKeptDays: 30,
  devicesKeptDays: 90,
  invitationsKeptDaysAfterEnd: 30,
  /** A browser remembered for sign-in (migration 0006) is forgotten after a year, as its cookie is. */
  signInDevicesKeptDays: 365,
  /** How often a server runs it; instances take turns under an advisory lock. */
  intervalMs: 60 * 60 * 1000,
};

export type HousekeepingReport = {
  tombstones: number;
  devices: number;
  invitations: number;
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
    return {
      tombstones: tombstones?.count ?? 0,
      devices: devices.count,
      invitations: invitations.count,
    };
  });
}

/**
 * Runs housekeeping now and then every `intervalMs`; a failure is logged and tried again next time. The answer stops
 * it, waiting for a run under way so the database can close after.
 */
export function scheduleHousekeeping(
  sql: Sql,
  log: {
    info(report: object, message: string): void;
    error(failure: object, message: string): void;
  },
  intervalMs = housekeepingPolicy.intervalMs,
): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = runHousekeeping(sql).then(
      (report) => {
        if (report) log.info(report, 'housekeeping done');
      },
      (error: unknown) => log.error({ err: error }, 'housekeeping failed'),
    );
  };
  run();
  const timer = setInterval(run, intervalMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
