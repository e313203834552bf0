import type { FastifyBaseLogger } from 'fastify';
import {
  rejections,
  withoutControlCharacters,
  type MutationResult,
  type PushedMutation,
  type PushResponse,
} from '../schema/index.ts';
import type { Sql, Transaction } from './database.ts';
import { HttpError, serverMessages } from './http-errors.ts';
import { prepareMutation } from './mutators/index.ts';
import { refusalOf } from './mutators/mutation-failure.ts';
import type { MutationContext } from './mutators/mutator.ts';
import { isKnownTransientError } from './repositories/postgres-errors.ts';
import { createSyncRepository } from './repositories/sync-repository.ts';
import { publishChanges, type FamilyChange, type SyncNotifier } from './sync-notifier.ts';

export type PushDependencies = { sql: Sql; notifier: SyncNotifier; log: FastifyBaseLogger };

export type Push = {
  userId: string;
  deviceId: string;
  mutations: PushedMutation[];
  /** The device's watermark when the push started, answered if the very first transaction fails. */
  lastAppliedSeq: number;
  /** The server's history, checked against the device's before the push began. */
  epoch: string;
  /**
   * How far the server's clock is ahead of the device's (milliseconds, from the push's `sentAt`): added to each
   * mutation's `writtenAt` to read it on the server's clock.
   */
  clockOffsetMs: number;
};

/** 200 with the results; 503 when a transient failure stopped the batch (the device sends the rest again). */
export type PushOutcome =
  { statusCode: 200; body: PushResponse } | { statusCode: 503; body: PushResponse & { error: string } };

/** What one mutation's transaction decided. */
type Step =
  | { kind: 'handled'; result: MutationResult; lastAppliedSeq: number; change: FamilyChange | null }
  | { kind: 'gap'; expectedSeq: number; lastAppliedSeq: number };

/**
 * Replays a device's mutations in order, each in a transaction of its own that holds the device row: a mutation is
 * applied or rejected exactly once, and the watermark moves with it in the same commit. The batch stops at a gap
 * (an earlier seq never arrived) and at a transient failure, which moves nothing for the mutation it hit. What the
 * batch changed is published once it ends, one poke per family however many of its mutations touched it.
 */
export async function applyPush({ sql, notifier, log }: PushDependencies, push: Push): Promise<PushOutcome> {
  const results: MutationResult[] = [];
  const changes: FamilyChange[] = [];
  const { epoch } = push;
  let lastAppliedSeq = push.lastAppliedSeq;
  try {
    for (const mutation of push.mutations) {
      let step: Step;
      try {
        step = await sql.begin((tx) => handleMutation(tx, push, mutation, log));
      } catch (error) {
        if (error instanceof HttpError) throw error;
        const level = isKnownTransientError(error) ? 'warn' : 'error';
        log[level]({ err: error, seq: mutation.seq, name: mutation.name }, 'push stopped by a failure');
        return { statusCode: 503, body: { error: serverMessages.syncUnavailable, epoch, results, lastAppliedSeq } };
      }
      lastAppliedSeq = step.lastAppliedSeq;
      if (step.kind === 'gap') {
        return { statusCode: 200, body: { epoch, results, lastAppliedSeq, gap: { expectedSeq: step.expectedSeq } } };
      }
      results.push(step.result);
      if (step.change) changes.push(step.change);
    }
    return { statusCode: 200, body: { epoch, results, lastAppliedSeq } };
  } finally {
    // Every change collected here is committed, whatever ended the batch.
    publishChanges(notifier, changes, log);
  }
}

async function handleMutation(
  tx: Transaction,
  push: Push,
  mutation: PushedMutation,
  log: FastifyBaseLogger,
): Promise<Step> {
  const devices = createSyncRepository(tx);
  const { seq } = mutation;
  // Sent together, run in this order (one round trip): the lock is held before the delete runs, and a device of
  // another account rolls the delete back with the rest.
  const [device] = await Promise.all([
    devices.lockDevice(push.deviceId, push.userId),
    // A device sends its writes in order, and only once it has the answers to the earlier ones: the refusals it kept
    // asking about before this batch have reached it, and need not be kept for a lost answer any more.
    mutation === push.mutations[0] ? devices.forgetRejectionsBefore(push.deviceId, seq) : null,
  ]);
  if (device === null) throw new HttpError(403, { error: serverMessages.deviceOfAnotherAccount });
  const { lastAppliedSeq: watermark } = device;
  if (seq <= watermark) {
    const reason = await devices.rejectionReason(push.deviceId, seq);
    const result: MutationResult = reason ? { seq, status: 'duplicate', reason } : { seq, status: 'duplicate' };
    return { kind: 'handled', result, lastAppliedSeq: watermark, change: null };
  }
  if (seq > watermark + 1) return { kind: 'gap', expectedSeq: watermark + 1, lastAppliedSeq: watermark };

  const times = timesOf(push, mutation, device.pulledAt);
  const outcome = await runMutation(tx, { userId: push.userId, ...times }, mutation, log);
  if ('reason' in outcome) {
    // Kept as plain text whatever the device sent: a refusal that cannot be recorded would stall its queue for ever.
    await devices.recordRejection({
      deviceId: push.deviceId,
      seq,
      name: withoutControlCharacters(mutation.name),
      reason: withoutControlCharacters(outcome.reason),
    });
  }
  await devices.moveWatermark(push.deviceId, seq);
  return 'reason' in outcome
    ? {
        kind: 'handled',
        result: { seq, status: 'rejected', reason: outcome.reason },
        lastAppliedSeq: seq,
        change: null,
      }
    : { kind: 'handled', result: { seq, status: 'applied' }, lastAppliedSeq: seq, change: outcome.change };
}

/**
 * When the mutation is replayed, and when its person wrote it read on the server's clock (decision 0012): never later
 * than now, so a device whose clock runs ahead cannot put its writes above everyone else's; and never before the
 * device last pulled, since a device pushes all it has written before it pulls, so a device cannot date a write (an
 * answer to an event that has started) back to a time it was not offline (the mutators also keep it from preceding
 * the person's joining, access.ts `timeWritten`).
 */
function timesOf(push: Push, mutation: PushedMutation, pulledAt: Date): { now: Date; writtenAt: Date } {
  const now = new Date();
  const written = Math.max(Date.parse(mutation.writtenAt) + push.clockOffsetMs, pulledAt.getTime());
  return { now, writtenAt: new Date(Math.min(written, now.getTime())) };
}

/**
 * Runs the mutator inside a savepoint, so a write that can never succeed leaves nothing behind but its rejection.
 * Anything that might pass on a retry is thrown on, and the whole transaction rolls back.
 */
async function runMutation(
  tx: Transaction,
  context: MutationContext,
  mutation: PushedMutation,
  log: FastifyBaseLogger,
): Promise<{ change: FamilyChange | null } | { reason: string }> {
  const prepared = prepareMutation(mutation.name, mutation.args);
  if ('invalid' in prepared) return { reason: rejections.invalid(prepared.invalid) };
  try {
    const change = await tx.savepoint((savepoint) => prepared.run(savepoint, context));
    return { change };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    if (refusal.kind === 'refusedByDatabase') {
      log.warn({ err: error, seq: mutation.seq, name: mutation.name }, 'mutation refused by the database');
    }
    return { reason: refusal.reason };
  }
}
