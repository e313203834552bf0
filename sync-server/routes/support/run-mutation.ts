import type { FastifyBaseLogger } from 'fastify';
import type { Sql, Transaction } from '../../database.ts';
import { HttpError, serverMessages } from '../../http-errors.ts';
import { errorResponses } from '../../plugins/route-schemas.ts';
import { refusalOf, type Refusal } from '../../mutators/mutation-failure.ts';
import type { MutationContext } from '../../mutators/mutator.ts';
import { publishChanges, type FamilyChange, type SyncNotifier } from '../../sync-notifier.ts';

/**
 * Whatever the write was refused for, a row of another family answers exactly like a row that does not exist. Data
 * the database refuses for good is 422: the request was understood, and sending it again will not help.
 */
const statusOf: Record<Refusal['kind'], 403 | 404 | 409 | 422> = {
  notMember: 404,
  postNotFound: 404,
  commentNotFound: 404,
  memberNotFound: 404,
  photoNotFound: 404,
  albumNotFound: 404,
  eventNotFound: 404,
  messageNotFound: 404,
  // The photo names no upload of this person in this family: as good as an address that does not exist.
  photoFileMissing: 404,
  voiceNoteNotFound: 404,
  voiceFileMissing: 404,
  notYourVoiceMessage: 403,
  notYourVoiceComment: 403,
  notYourPhoto: 403,
  notYourTag: 403,
  // The person named is not one of the family: as good as one who does not exist.
  notInFamily: 404,
  notYourAlbum: 403,
  photoOfSomeoneElse: 403,
  notYourPost: 403,
  notYourEvent: 403,
  // The event has started: answering is over, whatever the person sends.
  eventStarted: 409,
  notAllowedToDelete: 403,
  adminsOnly: 403,
  lastAdmin: 403,
  creatorOnly: 403,
  idTaken: 409,
  refusedByDatabase: 422,
};

/** What a route writing through `runMutation` may answer besides its own answer: a bad request, and each refusal. */
export const mutationErrors = errorResponses(400, 401, 403, 404, 409, 422);

function httpErrorFor(refusal: Refusal): HttpError {
  const statusCode = statusOf[refusal.kind];
  return new HttpError(statusCode, { error: statusCode === 404 ? serverMessages.notFound : refusal.reason });
}

export type RestWrite<T> = (
  tx: Transaction,
  context: MutationContext,
) => Promise<{ change: FamilyChange | null; result: T }>;

/**
 * The REST writes of the spec run the same mutators as replayed mutations, and read their failures the same way
 * (mutation-failure.ts): the write and the read of its answer in one transaction, the change published after the
 * commit, a refusal turned into its HTTP answer, and anything else left to the error handler.
 */
export function createMutationRunner(sql: Sql, notifier: SyncNotifier) {
  return async function runMutation<T>(userId: string, log: FastifyBaseLogger, write: RestWrite<T>): Promise<T> {
    let written: { change: FamilyChange | null; result: T };
    try {
      // Written here and now: a REST write is never a replay of something made earlier.
      const now = new Date();
      written = (await sql.begin((tx) => write(tx, { userId, now, writtenAt: now }))) as typeof written;
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      if (refusal.kind === 'refusedByDatabase') log.warn({ err: error }, 'write refused by the database');
      throw httpErrorFor(refusal);
    }
    publishChanges(notifier, written.change ? [written.change] : [], log);
    return written.result;
  };
}

export type MutationRunner = ReturnType<typeof createMutationRunner>;
