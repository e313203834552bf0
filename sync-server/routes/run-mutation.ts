import type { FastifyBaseLogger } from 'fastify';
import type { Sql, Transaction } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { MutationRejected, type MutationContext, type RejectionKind } from '../mutators/mutator.ts';
import { publishChanges, type FamilyChange, type SyncNotifier } from '../sync-notifier.ts';

/** Whatever the write was refused for, a row of another family answers exactly like a row that does not exist. */
const statusOf: Record<RejectionKind, 403 | 404 | 409 | 500> = {
  notMember: 404,
  familyNotFound: 404,
  postNotFound: 404,
  commentNotFound: 404,
  memberNotFound: 404,
  notYourPost: 403,
  notAllowedToDelete: 403,
  adminsOnly: 403,
  lastAdmin: 403,
  idTaken: 409,
  unexpected: 500,
};

function httpErrorFor(rejected: MutationRejected): HttpError {
  const statusCode = statusOf[rejected.kind];
  return new HttpError(statusCode, { error: statusCode === 404 ? serverMessages.notFound : rejected.reason });
}

export type RestWrite<T> = (
  tx: Transaction,
  context: MutationContext,
) => Promise<{ change: FamilyChange | null; result: T }>;

/**
 * The REST writes of the spec run the same mutators as replayed mutations: the write and the read of its answer in
 * one transaction, the change published after the commit, a rejection turned into its HTTP answer.
 */
export function createMutationRunner(sql: Sql, notifier: SyncNotifier) {
  return async function runMutation<T>(userId: string, log: FastifyBaseLogger, write: RestWrite<T>): Promise<T> {
    try {
      const { change, result } = await sql.begin((tx) => write(tx, { userId, now: new Date() }));
      if (change) publishChanges(notifier, [change], log);
      return result as T;
    } catch (error) {
      if (error instanceof MutationRejected) throw httpErrorFor(error);
      throw error;
    }
  };
}

export type MutationRunner = ReturnType<typeof createMutationRunner>;
