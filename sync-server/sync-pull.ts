import { z } from 'zod';
import {
  pullPageMax,
  syncedTables,
  usersNamedBy,
  type FamilyCursor,
  type FamilyPull,
  type PullResponse,
} from '../schema/index.ts';
import type { Sql } from './database.ts';
import {
  createSyncRepository,
  type ChangePosition,
  type FamilyVersions,
  type SyncRepository,
} from './repositories/sync-repository.ts';

export type Pull = {
  userId: string;
  deviceId: string;
  /** The server's history, checked against the device's before the pull began. */
  epoch: string;
  cursors: FamilyCursor[];
  /**
   * The device's watermark and the person's families as read when the device was admitted (the route reads them
   * with it): enough to answer a pull with nothing new. Read here when not given.
   */
  admitted?: { lastAppliedSeq: number; families: ReadonlyMap<string, FamilyVersions> };
  /** Most changes in the answer; tests lower it to page through small families. */
  pageMax?: number;
};

/**
 * Where a family's page stopped, and the snapshot version of a family being sent from 0 (its tombstones up to there
 * are of rows the device never had). Opaque to the device: it hands the token back as it got it.
 */
type ResumeToken = { position: ChangePosition; skipTombstonesThrough: number };

const resumeTokenSchema = z.tuple([
  z.number().int().nonnegative(),
  z
    .number()
    .int()
    .min(0)
    .max(syncedTables.length - 1),
  z.string().min(1).max(200),
  z.number().int().nonnegative(),
]);

function encodeResume({ position, skipTombstonesThrough }: ResumeToken): string {
  const fields: z.infer<typeof resumeTokenSchema> = [
    position.version,
    position.table,
    position.id,
    skipTombstonesThrough,
  ];
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** Null for anything this server did not make: the family is then fetched from its cursor again. */
function decodeResume(token: string): ResumeToken | null {
  try {
    const parsed = resumeTokenSchema.safeParse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
    if (!parsed.success) return null;
    const [version, table, id, skipTombstonesThrough] = parsed.data;
    return { position: { version, table, id }, skipTombstonesThrough };
  } catch {
    return null;
  }
}

/**
 * Everything the device is missing of the user's families, read in one snapshot so the rows, the versions and the
 * device's watermark agree. Families come in the order of the device's cursors, then the user's families the
 * device does not have yet; at most `pageMax` changes in all, and `more` says to ask again.
 */
export async function pullChanges(sql: Sql, pull: Pull): Promise<PullResponse> {
  const pageMax = pull.pageMax ?? pullPageMax;
  // Many pulls find nothing new (catching up on focus, the live channel's fallback): what the device was admitted
  // with answers those, without the snapshot's begin, reads and commit.
  const now = pull.admitted ?? (await createSyncRepository(sql).deviceAndFamilies(pull.deviceId, pull.userId));
  if (isUpToDate(pull.cursors, now.families)) {
    return { epoch: pull.epoch, lastAppliedSeq: now.lastAppliedSeq, families: [], users: [], more: false };
  }
  return sql.begin('isolation level repeatable read, read only', async (tx) => {
    const sync = createSyncRepository(tx);
    const { lastAppliedSeq, families: familyVersions } = await sync.deviceAndFamilies(pull.deviceId, pull.userId);

    const cursors = new Map<string, FamilyCursor>();
    for (const cursor of pull.cursors) {
      if (!cursors.has(cursor.familyId)) cursors.set(cursor.familyId, cursor);
    }
    for (const familyId of [...familyVersions.keys()].sort()) {
      if (!cursors.has(familyId)) cursors.set(familyId, { familyId, version: 0, resume: null });
    }

    const families: FamilyPull[] = [];
    let budget = pageMax;
    let more = false;
    for (const cursor of cursors.values()) {
      const family = familyVersions.get(cursor.familyId);
      if (family === undefined) {
        families.push({ status: 'drop', familyId: cursor.familyId });
        continue;
      }
      if (cursor.version === family.version && cursor.resume === null) continue;
      if (budget === 0) {
        more = true;
        continue;
      }
      const page = await pullFamily(sync, pull.userId, cursor, family, budget);
      budget -= page.changes.length;
      if (page.cursor.resume !== null) more = true;
      families.push(page);
    }
    const users = await sync.publicUsers(referencedUsers(families));
    return { epoch: pull.epoch, lastAppliedSeq, families, users, more };
  });
}

/** Whether the device holds every family of the person, each complete at its version, and no other. */
function isUpToDate(cursors: readonly FamilyCursor[], families: ReadonlyMap<string, FamilyVersions>): boolean {
  const held = new Set<string>();
  for (const cursor of cursors) {
    if (cursor.resume !== null || families.get(cursor.familyId)?.version !== cursor.version) return false;
    held.add(cursor.familyId);
  }
  return [...families.keys()].every((familyId) => held.has(familyId));
}

type FamilyChanges = Extract<FamilyPull, { status: 'changes' }>;

async function pullFamily(
  sync: SyncRepository,
  userId: string,
  cursor: FamilyCursor,
  { version: familyVersion, tombstoneFloor }: FamilyVersions,
  budget: number,
): Promise<FamilyChanges> {
  const { familyId } = cursor;
  const resume = cursor.resume !== null && cursor.version <= familyVersion ? decodeResume(cursor.resume) : null;
  // Only a device that holds nothing of the family can do without the tombstones up to now.
  const holdsNothing = cursor.version === 0 && cursor.resume === null;
  // The deletes a device still has to learn are the tombstones after this version.
  const knowsDeletesThrough = Math.max(cursor.version, resume?.skipTombstonesThrough ?? 0);
  // The family goes again from 0 when the device's progress in it cannot be trusted: a cursor ahead of the family (a
  // database restored from a backup), a page from 0 under way whose token this server did not make, or a copy older
  // than the tombstones kept (housekeeping.ts let go of deletes it has not seen). The device already holds rows of
  // it, some perhaps deleted since, so it is told to start over (`reset`).
  const restart =
    cursor.version > familyVersion ||
    (cursor.version === 0 && cursor.resume !== null && !resume) ||
    (!holdsNothing && knowsDeletesThrough < tombstoneFloor);
  const after = restart ? 0 : cursor.version;
  // A device told to start over drops its copy before the first page, so it too holds nothing.
  const skipTombstonesThrough = restart || holdsNothing ? familyVersion : resume ? resume.skipTombstonesThrough : 0;
  const found = await sync.changesOf({
    familyId,
    userId,
    after,
    skipTombstonesThrough,
    resumeAfter: restart ? null : (resume?.position ?? null),
    limit: budget + 1,
  });
  const sent = found.slice(0, budget);
  let nextCursor: FamilyCursor = { familyId, version: familyVersion, resume: null };
  if (found.length > budget) {
    const last = sent[sent.length - 1];
    if (!last) throw new Error('a pull page needs room for at least one change');
    // Cut short: the cursor keeps the version the device's copy is complete up to, and the token says where to go on.
    nextCursor = { familyId, version: after, resume: encodeResume({ position: last.position, skipTombstonesThrough }) };
  }
  return {
    status: 'changes',
    familyId,
    ...(restart ? { reset: true as const } : {}),
    changes: sent.map((ordered) => ordered.change),
    cursor: nextCursor,
  };
}

/** Members, authors, reactors and creators named by the rows being sent (their declared user fields). */
function referencedUsers(families: FamilyPull[]): string[] {
  const ids = new Set<string>();
  for (const family of families) {
    if (family.status !== 'changes') continue;
    for (const change of family.changes) {
      if (change.op === 'put') for (const id of usersNamedBy(change.table, change.row)) ids.add(id);
    }
  }
  return [...ids];
}
