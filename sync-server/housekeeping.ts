import type { Sql } from './database.ts';
import { writeToFamily } from './mutators/access.ts';
import { recordTombstones } from './repositories/sync-tombstones.ts';
import { occasionPolicy } from './jobs/occasions.ts';
import { digestPolicy } from './mail/email-digest.ts';

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
 * - That a reminder or birthday was told is kept while it can still come due (sync-server/jobs/occasions.ts).
 * - A digest email's unsubscribe link works for 90 days (sync-server/mail/email-digest.ts).
 * - A notification read 30 days ago leaves its person's devices (`forgetOldNotifications`).
 */
export const housekeepingPolicy = {
  tombstonesKeptDays: 30,
  devicesKeptDays: 90,
  invitationsKeptDaysAfterEnd: 30,
  /** A browser remembered for sign-in (migration 0006) is forgotten after a year, as its cookie is. */
  signInDevicesKeptDays: 365,
  unnamedUploadsKeptDays: 30,
  /** A notification read this long ago leaves the bell (unread ones stay until read). */
  readNotificationsKeptDays: 30,
  /** When it runs (the job queue, sync-server/jobs/jobs.ts): hourly, one instance at a time. */
  every: '17 * * * *',
};

export type HousekeepingReport = {
  tombstones: number;
  devices: number;
  invitations: number;
  photoFiles: number;
  occasions: number;
  digestLinks: number;
};

/** Deletes what no device or person can need any more, as of `now`, and answers what it deleted. */
export async function runHousekeeping(sql: Sql, now = new Date()): Promise<HousekeepingReport> {
  const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  return sql.begin(async (tx) => {
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
    const occasions = await tx`
      delete from occasions_told where told_at < ${daysBefore(occasionPolicy.toldKeptDays)}
    `;
    // A rate limit's window that ended counts nothing any more (plugins/rate-limit.ts).
    await tx`delete from rate_limits where reset_at < ${now}`;
    const digestLinks = await tx`
      delete from digest_unsubscribe_tokens where created_at < ${daysBefore(digestPolicy.tokensKeptDays)}
    `;
    return {
      tombstones: tombstones?.count ?? 0,
      devices: devices.count,
      invitations: invitations.count,
      photoFiles: photoFiles.count,
      occasions: occasions.count,
      digestLinks: digestLinks.count,
    };
  });
}

/**
 * Lets go of notifications read more than `readNotificationsKeptDays` ago, family by family: under the family's lock
 * at a new version, with tombstones, so every device of their person drops them at its next pull. Answers how many.
 */
export async function forgetOldNotifications(sql: Sql, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - housekeepingPolicy.readNotificationsKeptDays * 24 * 60 * 60 * 1000);
  const families = await sql<{ family_id: string }[]>`
    select distinct family_id from notifications where is_read and updated_at < ${cutoff}
  `;
  let forgotten = 0;
  for (const { family_id: familyId } of families) {
    await writeToFamily(sql, familyId, async (tx, writeVersion) => {
      const [old] = await tx<{ count: number }[]>`
        select count(*)::int as count from notifications
        where family_id = ${familyId} and is_read and updated_at < ${cutoff}
      `;
      await recordTombstones(
        tx,
        'notifications',
        await writeVersion(),
        tx`
          delete from notifications where family_id = ${familyId} and is_read and updated_at < ${cutoff}
          returning family_id, id::text as row_id
        `,
      );
      forgotten += old?.count ?? 0;
    });
  }
  return forgotten;
}
