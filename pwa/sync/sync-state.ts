import type { FamilyCursor, SyncedUser } from '../../schema/sync.ts';
import type { HearthDb } from '../db/hearth-db.ts';

/** Typed reads and writes of the small facts in `syncState`; each joins the transaction it is called in. */

const cursorKey = (familyId: string) => `cursor:${familyId}` as const;

/** The id the server knows this device by: made here, once per database. */
export async function ensureDeviceId(db: HearthDb): Promise<string> {
  return db.transaction('rw', db.syncState, async () => {
    const stored = await db.syncState.get('deviceId');
    if (stored?.key === 'deviceId') return stored.value;
    const deviceId = crypto.randomUUID();
    await db.syncState.put({ key: 'deviceId', value: deviceId });
    return deviceId;
  });
}

/**
 * A gap the device cannot fill: the server expects a seq this device no longer has waiting, because the server had
 * acknowledged it (outbox entries leave only then) and has since forgotten it, restored from an older backup.
 * Pushing again can never succeed; the device has to start over as a new one (startOverAsNewDevice).
 */
export async function serverForgotAcknowledgedWrites(db: HearthDb, expectedSeq: number): Promise<boolean> {
  const expected = await db.outbox.get(expectedSeq);
  return expected?.status !== 'pending';
}

/**
 * Makes this device a new one to a server that forgot part of its history: a new device id, and every outbox entry
 * renumbered from 1 in its order. Writes the old server had acknowledged but no pull confirmed yet are sent again,
 * since the restore may have lost them: each carries the ids it creates, so one the server still has is a replay that
 * changes nothing. Refused writes keep their place and their reason. Answers the new device id.
 */
export async function startOverAsNewDevice(db: HearthDb): Promise<string> {
  return db.transaction('rw', db.outbox, db.syncState, async () => {
    const entries = await db.outbox.orderBy('seq').toArray();
    await db.outbox.clear();
    await db.outbox.bulkAdd(
      entries.map((entry, index) => ({
        ...entry,
        seq: index + 1,
        status: entry.status === 'sent' ? 'pending' : entry.status,
      })),
    );
    await db.syncState.put({ key: 'nextSeq', value: entries.length + 1 });
    const deviceId = crypto.randomUUID();
    await db.syncState.put({ key: 'deviceId', value: deviceId });
    return deviceId;
  });
}

/**
 * Takes the next outbox seq (1, 2, 3…), inside the write's own transaction. A seq that reached the outbox is never
 * taken again, since the server ignores any seq it has seen; a write whose transaction rolled back gives its seq back
 * with it, which is safe because that seq never left the device.
 */
export async function takeNextSeq(db: HearthDb): Promise<number> {
  const stored = await db.syncState.get('nextSeq');
  const seq = stored?.key === 'nextSeq' ? stored.value : 1;
  await db.syncState.put({ key: 'nextSeq', value: seq + 1 });
  return seq;
}

/** What the device keeps of a user: names and avatar, never an email or a setting. */
export function publicFields({ id, username, firstName, lastName, profileImageUrl }: SyncedUser): SyncedUser {
  return { id, username, firstName, lastName, profileImageUrl };
}

/** Every write stores it, so it is there whenever the outbox holds something to re-apply. */
export async function readSignedInUser(db: HearthDb): Promise<SyncedUser> {
  const stored = await db.syncState.get('signedInUser');
  if (stored?.key !== 'signedInUser') throw new Error('This device has no signed-in user to re-apply writes as');
  return stored.value;
}

/** Keeps the person's public fields only, whatever it is given: an email never reaches the device database. */
export async function storeSignedInUser(db: HearthDb, user: SyncedUser): Promise<void> {
  await db.syncState.put({ key: 'signedInUser', value: publicFields(user) });
}

export async function readCursors(db: HearthDb): Promise<FamilyCursor[]> {
  const rows = await db.syncState.where('key').startsWith(cursorKey('')).toArray();
  return rows.map((row) => row.value as FamilyCursor);
}

export async function readCursor(db: HearthDb, familyId: string): Promise<FamilyCursor | undefined> {
  const stored = await db.syncState.get(cursorKey(familyId));
  return stored?.value as FamilyCursor | undefined;
}

export async function storeCursor(db: HearthDb, cursor: FamilyCursor): Promise<void> {
  await db.syncState.put({ key: cursorKey(cursor.familyId), value: cursor });
}

export async function deleteCursor(db: HearthDb, familyId: string): Promise<void> {
  await db.syncState.delete(cursorKey(familyId));
}

/** Written once: every later pull is complete too, and rewriting it would wake the screens that read it. */
export async function markFirstPullDone(db: HearthDb): Promise<void> {
  if (!(await isFirstPullDone(db))) await db.syncState.put({ key: 'firstPullDone', value: true });
}

export async function isFirstPullDone(db: HearthDb): Promise<boolean> {
  return (await db.syncState.get('firstPullDone')) !== undefined;
}
