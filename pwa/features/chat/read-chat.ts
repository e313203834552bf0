import type { SyncedMessage, SyncedUser } from '../../../schema/sync.ts';
import type { HearthDb } from '../../db/hearth-db.ts';
import { newestMessagesOf } from '../../sync/message-window.ts';
import { readUsersById } from '../feed/read-users.ts';
import { readPosition } from './unread-chat.ts';

export type ChatMessageView = SyncedMessage & { sender: SyncedUser | undefined };

export type ChatView = {
  /**
   * Oldest first: the unbroken run of numbered messages that ends at the newest (decision 0021), then this person's
   * messages the server does not have yet, in the order written.
   */
  messages: ChatMessageView[];
  /** The number to ask the server for older messages before; null when the first message of all is shown. */
  olderBefore: number | null;
  /** The highest number this person has read. */
  readThrough: number;
};

export async function readChat(db: HearthDb, familyId: string, userId: string): Promise<ChatView> {
  const [newestFirst, waitingIds, readThrough] = await Promise.all([
    newestMessagesOf(db, familyId).toArray(),
    // Messages without a number are this person's, not on the server yet: each has a write waiting (a shadow), and
    // those are few, where the family's messages may be hundreds.
    db.shadows.where('table').equals('messages').primaryKeys(),
    readPosition(db, familyId, userId),
  ]);
  const unnumbered = (await db.messages.bulkGet(waitingIds.map(([, id]) => id))).filter(
    (message): message is SyncedMessage => message?.familyId === familyId && message.number === null,
  );
  const run: SyncedMessage[] = [];
  for (const message of newestFirst) {
    const previous = run.at(-1);
    if (previous && message.number !== (previous.number ?? 0) - 1) break;
    run.push(message);
  }
  const oldest = run.at(-1)?.number ?? 1;
  const waiting = unnumbered.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const shown = [...run.reverse(), ...waiting];
  const senders = await readUsersById(
    db,
    shown.map((message) => message.senderId),
  );
  return {
    messages: shown.map((message) => ({ ...message, sender: senders.get(message.senderId) })),
    olderBefore: oldest > 1 ? oldest : null,
    readThrough,
  };
}
