import type { z } from 'zod';
import { mutationArgsSchemas, type MutationArgs, type MutationName, type SyncedUser } from '../../schema/sync.ts';
import type { HearthDb, OutboxEntry } from '../db/hearth-db.ts';
import { homeChangedByWrite } from '../lib/home-snapshot.ts';
import { applyLocalMutation, type LocalMutation, type MutationContext } from './local-mutators.ts';
import type { Footprint } from './footprint.ts';
import { createRecordingWriter, inSyncTransaction } from './row-writer.ts';
import { publicFields, readSignedInUser, storeSignedInUser, takeNextSeq } from './sync-state.ts';

/** Arguments a screen should have refused before writing: a bug, not something to show the person. */
export class InvalidWriteError extends Error {
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(name: MutationName, issues: readonly z.core.$ZodIssue[]) {
    const details = issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ');
    super(`Invalid ${name} write (${details})`);
    this.name = 'InvalidWriteError';
    this.issues = issues;
  }
}

export type LocalWriteContext = {
  /** The signed-in user; only the public fields are kept on the device. */
  signedInUser: SyncedUser;
  /** Defaults to the current time. */
  now?: string;
};

/** A sign-out is deleting the database (hearth-db.ts `sealForSignOut`): what was being written has nowhere to go. */
export class SignedOutError extends Error {
  override name = 'SignedOutError';
  constructor() {
    super('You signed out of Hearth on this device, so this could not be saved');
  }
}

/**
 * Inside a sync transaction: takes a seq, applies the write through the recorder, queues it. The seal is checked
 * beside taking the seq rather than before it (each request waits its turn with the storage process): a sealed
 * database throws, and the transaction takes the seq back.
 */
async function queueWrite(db: HearthDb, mutation: LocalMutation, context: MutationContext): Promise<number> {
  const [sealed, seq] = await Promise.all([db.syncState.get('sealedForSignOut'), takeNextSeq(db)]);
  if (sealed) throw new SignedOutError();
  const footprint: Footprint = new Set();
  await applyLocalMutation(createRecordingWriter(db, footprint), mutation, context);
  const { name, args } = mutation;
  const entry = { seq, name, args, status: 'pending', createdAt: context.now, footprint: [...footprint] };
  await db.outbox.add(entry as OutboxEntry);
  return seq;
}

/**
 * Makes a write on this device: the rows change at once and the mutation waits in the outbox for the sync engine,
 * however long the device stays offline. Row change and outbox entry commit together or not at all. Returns the
 * entry's seq. Throws InvalidWriteError for arguments the shared schema refuses.
 */
export async function writeLocally<N extends MutationName>(
  db: HearthDb,
  context: LocalWriteContext,
  name: N,
  args: MutationArgs<N>,
): Promise<number> {
  const parsed = mutationArgsSchemas[name].safeParse(args);
  if (!parsed.success) throw new InvalidWriteError(name, parsed.error.issues);
  const signedInUser = publicFields(context.signedInUser);
  const now = context.now ?? new Date().toISOString();
  homeChangedByWrite();
  const seq = await inSyncTransaction(db, async () => {
    const [, seq] = await Promise.all([
      storeSignedInUser(db, signedInUser),
      queueWrite(db, { name, args: parsed.data } as LocalMutation, { signedInUser, now }),
    ]);
    return seq;
  });
  homeChangedByWrite();
  return seq;
}

/**
 * Retry on a refused write: it goes to the back of the queue with a new seq (the server has recorded the old one as
 * refused for good) and shows again at once. Returns the new seq, or undefined when it is no longer refused.
 */
export async function retryRefused(
  db: HearthDb,
  id: number,
  now: string = new Date().toISOString(),
): Promise<number | undefined> {
  return inSyncTransaction(db, async () => {
    const refused = await db.refusedWrites.get(id);
    if (!refused) return undefined;
    await db.refusedWrites.delete(id);
    const mutation = { name: refused.name, args: refused.args } as LocalMutation;
    return queueWrite(db, mutation, { signedInUser: await readSignedInUser(db), now });
  });
}

/**
 * Discard on a refused write. Its rows were rolled back when it was refused, and rebases never re-apply a refused
 * write, so forgetting it is all there is to do.
 */
export async function discardRefused(db: HearthDb, id: number): Promise<void> {
  await db.refusedWrites.delete(id);
}
