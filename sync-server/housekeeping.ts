import type { Sql } from './database.ts';
import { frameUnusedDays } from '../schema/index.ts';
import { writeToFamily } from './mutators/access.ts';
import { createHousekeepingRepository } from './repositories/housekeeping-repository.ts';
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
 * - A photo frame (or a frame link nobody opened) unused for 30 days ends (decision 0061).
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
  framesKeptDaysUnused: frameUnusedDays,
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
  frames: number;
  photoFiles: number;
  occasions: number;
  digestLinks: number;
};

/** Deletes what no device or person can need any more, as of `now`, and answers what it deleted. */
export async function runHousekeeping(sql: Sql, now = new Date()): Promise<HousekeepingReport> {
  const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  return sql.begin(async (tx) => {
    const kept = createHousekeepingRepository(tx);
    const tombstones = await kept.forgetTombstones(daysBefore(housekeepingPolicy.tombstonesKeptDays));
    const devices = await kept.forgetDevices(daysBefore(housekeepingPolicy.devicesKeptDays));
    const invitations = await kept.forgetInvitations(daysBefore(housekeepingPolicy.invitationsKeptDaysAfterEnd));
    const frames = await kept.forgetFrames(daysBefore(housekeepingPolicy.framesKeptDaysUnused));
    // A deleted photo's tombstone outlives the photo by 30 days, and an unnamed upload by then is 30 days old too.
    const photoFiles = await kept.forgetPhotoFiles(daysBefore(housekeepingPolicy.unnamedUploadsKeptDays));
    const occasions = await kept.forgetOccasionsTold(daysBefore(occasionPolicy.toldKeptDays));
    await kept.forgetEndedRateLimits(now);
    await kept.forgetExpiredAccountLinks(now);
    await kept.forgetExpiredPasskeyChallenges(now);
    const digestLinks = await kept.forgetDigestLinks(daysBefore(digestPolicy.tokensKeptDays));
    return { tombstones, devices, invitations, frames, photoFiles, occasions, digestLinks };
  });
}

/**
 * Lets go of notifications read more than `readNotificationsKeptDays` ago, family by family: under the family's lock
 * at a new version, with tombstones, so every device of their person drops them at its next pull. Answers how many.
 */
export async function forgetOldNotifications(sql: Sql, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - housekeepingPolicy.readNotificationsKeptDays * 24 * 60 * 60 * 1000);
  let forgotten = 0;
  for (const familyId of await createHousekeepingRepository(sql).familiesWithOldReadNotifications(cutoff)) {
    await writeToFamily(sql, familyId, async (tx, writeVersion) => {
      const version = await writeVersion();
      forgotten += await createHousekeepingRepository(tx).forgetReadNotifications(familyId, version, cutoff);
    });
  }
  return forgotten;
}
