import type { HearthDb } from '../db/hearth-db.ts';
import { createListeners } from './listeners.ts';

/**
 * A write queued in this tab, told to its sync engine as soon as the write commits. The engine's outbox watch (a live
 * query, which also hears other tabs) sees it too, but one IndexedDB read later, and behind the screens' own
 * re-reads of the same commit: on a busy phone that is tens of milliseconds before the write starts for the server.
 */
export type QueuedWrite = { db: HearthDb; seq: number };

const queuedWrites = createListeners<QueuedWrite>();

export const onWriteQueued = queuedWrites.add;
export const tellWriteQueued = queuedWrites.tell;
