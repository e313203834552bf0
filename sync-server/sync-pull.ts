import { z } from 'zod';
import { pullPageMax, syncedTables, type FamilyCursor, type FamilyPull, type PullResponse } from '../schema/index.ts';
import type { Sql } from './database.ts';
import {
  createSyncRepository,
  type ChangePosition,
  type ChangesPage,
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
  /** Most changes in the answer (`pullPageMax`); tests lower it to page through small families. */
  pageMax?: { first: number; resumed: number };
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

/** A family in a pull's answer, its changes still the JSON PostgreSQL wrote. */
type FamilyPage =
  | Extract<FamilyPull, { status: 'drop' }>
  | (Omit<Extract<FamilyPull, { status: 'changes' }>, 'changes'> & { changes: ChangesPage });

/**
 * Everything the device is missing of the user's families, read in one snapshot so the rows, the versions and the
 * device's watermark agree. Families come in the order of the device's cursors, then the user's families the
 * device does not have yet; at most `pageMax` changes in all, and `more` says to ask again. Answers the JSON of a
 * `PullResponse`, as the route sends it: the changes are PostgreSQL's JSON text, put in as they came.
 */
export async function pullChanges(sql: Sql, pull: Pull): Promise<string> {
  const sizes = pull.pageMax ?? pullPageMax;
  const pageMax = pull.cursors.some((cursor) => cursor.resume !== null) ? sizes.resumed : sizes.first;
  // Many pulls find nothing new (catching up on focus, the live channel's fallback): what the device was admitted
  // with answers those, without the snapshot's begin, reads and commit.
  const now = pull.admitted ?? (await createSyncRepository(sql).deviceAndFamilies(pull.deviceId, pull.userId));
  if (isUpToDate(pull.cursors, now.families)) {
    const answer = { epoch: pull.epoch, lastAppliedSeq: now.lastAppliedSeq, families: [], users: [], more: false };
    return JSON.stringify(answer satisfies PullResponse);
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

    const families: FamilyPage[] = [];
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
      budget -= page.changes.count;
      if (page.cursor.resume !== null) more = true;
      families.push(page);
    }
    const users = await sync.publicUsers([...new Set(families.flatMap(usersNamed))]);
    return answerJson({ epoch: pull.epoch, lastAppliedSeq, users, more }, families);
  });
}

/** The answer's JSON with each family's changes as PostgreSQL wrote them. */
function answerJson(answer: Omit<PullResponse, 'families'>, families: FamilyPage[]): string {
  const familiesJson = families.map((family) => {
    if (family.status === 'drop') return JSON.stringify(family);
    const { changes, ...rest } = family;
    return `${JSON.stringify(rest).slice(0, -1)},"changes":${changes.json}}`;
  });
  return `${JSON.stringify(answer).slice(0, -1)},"families":[${familiesJson.join(',')}]}`;
}

function usersNamed(family: FamilyPage): string[] {
  return family.status === 'changes' ? family.changes.userIds : [];
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

async function pullFamily(
  sync: SyncRepository,
  userId: string,
  cursor: FamilyCursor,
  { version: familyVersion, tombstoneFloor }: FamilyVersions,
  budget: number,
): Promise<Extract<FamilyPage, { status: 'changes' }>> {
  const { familyId } = cursor;
  const resume = cursor.resume !== null && cursor.version <= familyVersion ? decodeResume(cursor.resume) : null;
  // Only a device that holds nothing of the family can do without the tombstones up to now.
  const holdsNothing = cursor.version === 0 && cursor.resume === null;
  // The deletes a device still has to learn are the tombstones after this version.
  const knowsDeletesThrough = Math.max(cursor.version, resume?.skipTombstonesThrough ?? 0);
  // The family goes again from 0 when the device's progress in it cannot be trusted: a page from 0 under way whose
  // token this server did not make, or a copy older than the tombstones kept (housekeeping.ts let go of deletes it
  // has not seen). The device already holds rows of it, some perhaps deleted since, so it is told to start over
  // (`reset`). A cursor ahead of the family never gets here: it means the database went back in time, and the
  // request was answered 409 with a new history (routes/sync-routes.ts, decision 0050).
  const restart =
    (cursor.version === 0 && cursor.resume !== null && !resume) ||
    (!holdsNothing && knowsDeletesThrough < tombstoneFloor);
  const after = restart ? 0 : cursor.version;
  // A device told to start over drops its copy before the first page, so it too holds nothing.
  const skipTombstonesThrough = restart || holdsNothing ? familyVersion : resume ? resume.skipTombstonesThrough : 0;
  const changes = await sync.changesPage({
    familyId,
    userId,
    after,
    skipTombstonesThrough,
    resumeAfter: restart ? null : (resume?.position ?? null),
    limit: budget,
  });
  let nextCursor: FamilyCursor = { familyId, version: familyVersion, resume: null };
  if (changes.stoppedAt) {
    // Cut short: the cursor keeps the version the device's copy is complete up to, and the token says where to go on.
    const resumeToken = encodeResume({ position: changes.stoppedAt, skipTombstonesThrough });
    nextCursor = { familyId, version: after, resume: resumeToken };
  }
  return {
    status: 'changes',
    familyId,
    ...(restart ? { reset: true as const } : {}),
    changes,
    cursor: nextCursor,
  };
}
