import { rejections } from '../../schema/index.ts';
import { isPermanentDatabaseError } from '../repositories/postgres-errors.ts';
import { MutationRejected, type RejectionKind } from './mutator.ts';

/** Why a write can never succeed: one of the mutators' rules, or the database refusing its data for good. */
export type Refusal = { kind: RejectionKind | 'refusedByDatabase'; reason: string };

/**
 * The one reading of a failed write, for replayed mutations and REST writes alike. A refusal is final: a push records
 * it and moves the watermark on, a REST write answers it with a 4xx. Anything else (null here) may pass when tried
 * again and is thrown on: a push answers 503, a REST write reaches the error handler (503 for a known transient
 * failure, 500 for anything it does not know).
 */
export function refusalOf(error: unknown): Refusal | null {
  if (error instanceof MutationRejected) return { kind: error.kind, reason: error.reason };
  if (isPermanentDatabaseError(error)) return { kind: 'refusedByDatabase', reason: rejections.unexpected };
  return null;
}
