import type { FamilyCursor, SyncedUser } from '../../schema/sync.ts';
import type { HearthDb } from '../db/hearth-db.ts';

/** Typed reads and writes of the small facts in `syncState`; each joins the transaction it is called in. */

const cursorKey = (familyId: string) => `cursor:${familyId}` as const;

/**
 * The id the server knows this device by: made here, once per database. Read first, since it is there on every
 * start but the first: a read-write transaction would hold up the screens' reads of `syncState` meanwhile.
 */
export async function ensureDeviceId(db: HearthDb): Promise<string> {
  const known = await readDeviceId(db);
  if (known) return known;
  return db.transaction('rw', db.syncState, async () => {
    const stored = await readDeviceId(db);
    if (stored) return stored;
    const deviceId = crypto.randomUUID();
    await db.syncState.put({ key: 'deviceId', value: deviceId });
    return deviceId;
  });
}

/** The device id, if this database ever synced: signing out tells the server to forget it. */
export async function readDeviceId(db: HearthDb): Promise<string | null> {
  const stored = await db.syncState.get('deviceId');
  return stored?.key === 'deviceId' ? stored.value : null;
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

/**
 * The highest seq the server has answered, as far as this device knows (`acknowledgedSeq` in every push and pull):
 * the one before the first write still waiting to be sent. Every seq below that was answered: confirmed and refused
 * writes have left the outbox, acknowledged ones wait there as `sent`.
 */
export async function readAcknowledgedSeq(db: HearthDb): Promise<number> {
  const [firstPending, next] = await Promise.all([
    db.outbox.where('status').equals('pending').first(),
    db.syncState.get('nextSeq'),
  ]);
  if (firstPending) return firstPending.seq - 1;
  return next?.key === 'nextSeq' ? next.value - 1 : 0;
}

/** Whether a write was ever queued in this database: its first seq has been taken. */
export async function wroteAnything(db: HearthDb): Promise<boolean> {
  const stored = await db.syncState.get('nextSeq');
  return stored?.key === 'nextSeq' && stored.value > 1;
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

/** The server history this device last synced with; null before its first answer. */
export async function readEpoch(db: HearthDb): Promise<string | null> {
  const stored = await db.syncState.get('epoch');
  return stored?.key === 'epoch' ? stored.value : null;
}

/** Keeps the epoch of a server answer: the first one heard, or the one a device starting over adopts. */
export async function storeEpoch(db: HearthDb, epoch: string): Promise<void> {
  if ((await readEpoch(db)) !== epoch) await db.syncState.put({ key: 'epoch', value: epoch });
}

/** Written once: every later pull is complete too, and rewriting it would wake the screens that read it. */
export async function markFirstPullDone(db: HearthDb): Promise<void> {
  if (!(await isFirstPullDone(db))) await db.syncState.put({ key: 'firstPullDone', value: true });
}

export async function isFirstPullDone(db: HearthDb): Promise<boolean> {
  return (await db.syncState.get('firstPullDone')) !== undefined;
}
