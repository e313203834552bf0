import { Dexie } from 'dexie';
import { limits } from '../../schema/limits.ts';
import type { SyncedMessage, SyncedUser } from '../../schema/sync.ts';
import type { HearthDb } from '../db/hearth-db.ts';

/**
 * The window of chat messages a device keeps (decision 0021): the newest of each family, and older ones only while
 * the person reads back through them. Both functions write server rows outside the sync engine, so both keep clear of
 * rows a waiting write touches (those have a shadow), which rebase owns.
 */

/** A family's numbered messages, newest first. */
export function newestMessagesOf(db: HearthDb, familyId: string) {
  return db.messages.where('[familyId+number]').between([familyId, Dexie.minKey], [familyId, Dexie.maxKey]).reverse();
}

/** The messages of each family older than its newest `keep`, but for those a waiting write touches. */
async function olderMessageIds(db: HearthDb, keep: number): Promise<string[]> {
  const waiting = new Set((await db.shadows.where('table').equals('messages').primaryKeys()).map(([, id]) => id));
  const families = await db.families.toCollection().primaryKeys();
  const older = await Promise.all(
    families.map((familyId) => newestMessagesOf(db, familyId).offset(keep).primaryKeys()),
  );
  return older.flat().filter((id) => !waiting.has(id));
}

/**
 * Forgets all but the newest `keep` messages of each family (run when syncing starts, not while someone reads). It
 * looks first, in a read-only transaction: most starts have nothing to forget, and a read-write one over the families
 * would hold up every screen's first read of them.
 */
export async function forgetOlderMessages(db: HearthDb, keep: number = limits.messageWindow): Promise<number> {
  const scope = [db.families, db.messages, db.shadows];
  if ((await db.transaction('r', scope, () => olderMessageIds(db, keep))).length === 0) return 0;
  return db.transaction('rw', scope, async () => {
    const forget = await olderMessageIds(db, keep);
    await db.messages.bulkDelete(forget);
    return forget.length;
  });
}

/**
 * Keeps messages fetched from the server (`GET /api/families/:id/messages`) with their senders' public fields.
 * A row the device already holds stays as it is: the device's copy is the sync engine's, and at least as new.
 */
export async function keepFetchedMessages(
  db: HearthDb,
  fetched: readonly (SyncedMessage & { sender: SyncedUser })[],
): Promise<void> {
  await db.transaction('rw', [db.families, db.messages, db.users], async () => {
    const held = new Set(await db.messages.bulkGet(fetched.map((message) => message.id)).then(presentIds));
    const knownUsers = new Set(await db.users.bulkGet(fetched.map((message) => message.senderId)).then(presentIds));
    const families = new Set(await db.families.toCollection().primaryKeys());
    const fresh = fetched.filter((message) => !held.has(message.id) && families.has(message.familyId));
    await db.messages.bulkPut(fresh.map(({ sender: _sender, ...message }) => message));
    await db.users.bulkPut(
      [...new Map(fresh.map((message) => [message.senderId, message.sender])).values()].filter(
        (user) => !knownUsers.has(user.id),
      ),
    );
  });
}

function presentIds(rows: readonly ({ id: string } | undefined)[]): string[] {
  return rows.flatMap((row) => (row ? [row.id] : []));
}
