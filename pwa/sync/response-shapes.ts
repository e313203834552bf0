import { syncedTables } from '../../schema/synced-tables.ts';
import type { HistoryChanged, PullResponse, PushResponse } from '../../schema/sync.ts';

/**
 * Checks that a server answer has the protocol's shape before the engine acts on it, written by hand so the sync
 * path does not download zod. They check the envelope the engine relies on (statuses, seqs, cursors, row ids); the
 * rows themselves are the server's, which validated them when they were written.
 */

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isTable = (value: unknown) => (syncedTables as readonly unknown[]).includes(value);

function isMutationResult(value: unknown): boolean {
  if (!isObject(value) || !isCount(value.seq)) return false;
  switch (value.status) {
    case 'applied':
      return true;
    case 'duplicate':
      return value.reason === undefined || typeof value.reason === 'string';
    case 'rejected':
      return typeof value.reason === 'string';
    default:
      return false;
  }
}

export function isPushResponse(value: unknown): value is PushResponse {
  return (
    isObject(value) &&
    typeof value.epoch === 'string' &&
    Array.isArray(value.results) &&
    value.results.every(isMutationResult) &&
    isCount(value.lastAppliedSeq) &&
    (value.gap === undefined || (isObject(value.gap) && isCount(value.gap.expectedSeq)))
  );
}

function isChange(value: unknown): boolean {
  if (!isObject(value) || !isTable(value.table)) return false;
  if (value.op === 'put') return isObject(value.row) && typeof value.row.id === 'string';
  return value.op === 'delete' && typeof value.id === 'string';
}

function isFamilyPull(value: unknown): boolean {
  if (!isObject(value) || typeof value.familyId !== 'string') return false;
  if (value.status === 'drop') return true;
  const { cursor } = value;
  return (
    value.status === 'changes' &&
    (value.reset === undefined || value.reset === true) &&
    Array.isArray(value.changes) &&
    value.changes.every(isChange) &&
    isObject(cursor) &&
    cursor.familyId === value.familyId &&
    isCount(cursor.version) &&
    (cursor.resume === null || typeof cursor.resume === 'string')
  );
}

export function isPullResponse(value: unknown): value is PullResponse {
  return (
    isObject(value) &&
    typeof value.epoch === 'string' &&
    isCount(value.lastAppliedSeq) &&
    Array.isArray(value.families) &&
    value.families.every(isFamilyPull) &&
    Array.isArray(value.users) &&
    value.users.every((user) => isObject(user) && typeof user.id === 'string') &&
    typeof value.more === 'boolean'
  );
}

export function isHistoryChanged(value: unknown): value is HistoryChanged {
  return isObject(value) && typeof value.epoch === 'string' && isCount(value.lastAppliedSeq);
}
