import { describe, expect, it } from 'vitest';
import { historyChangedSchema, pullResponseSchema, pushResponseSchema } from '../../schema/sync.ts';
import { isHistoryChanged, isPullResponse, isPushResponse } from './response-shapes.ts';

const id = '6f1c2a52-8d1e-4f57-9a43-2f0b3c1d9e10';
const at = '2030-01-01T00:00:00.000Z';
const user = { id, username: 'ada', firstName: null, lastName: null, profileImageUrl: null };
const post = { id, familyId: id, authorId: id, content: 'Hi', photoIds: [], createdAt: at, updatedAt: at };
const cursor = { familyId: id, version: 3, resume: null };
const epoch = '1c9d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const pull = {
  epoch,
  lastAppliedSeq: 2,
  families: [
    {
      status: 'changes',
      familyId: id,
      changes: [
        { table: 'posts', op: 'put', row: post },
        { table: 'comments', op: 'delete', id },
      ],
      cursor,
    },
    { status: 'drop', familyId: id },
  ],
  users: [user],
  more: false,
};

// Each hand-written check must agree with the shared zod schema on what is an answer of the protocol.
describe('isPushResponse', () => {
  it.each([
    [
      'applied, duplicate and rejected',
      {
        epoch,
        results: [
          { seq: 1, status: 'applied' },
          { seq: 2, status: 'duplicate' },
          { seq: 3, status: 'duplicate', reason: 'No' },
          { seq: 4, status: 'rejected', reason: 'No' },
        ],
        lastAppliedSeq: 4,
      },
      true,
    ],
    ['a gap', { epoch, results: [], lastAppliedSeq: 0, gap: { expectedSeq: 1 } }, true],
    [
      'a 503 body',
      { error: 'Please try again', epoch, results: [{ seq: 1, status: 'applied' }], lastAppliedSeq: 1 },
      true,
    ],
    ['no epoch', { results: [], lastAppliedSeq: 0 }, false],
    ['a rejection without a reason', { epoch, results: [{ seq: 1, status: 'rejected' }], lastAppliedSeq: 1 }, false],
    ['an unknown status', { epoch, results: [{ seq: 1, status: 'maybe' }], lastAppliedSeq: 1 }, false],
    ['no watermark', { epoch, results: [] }, false],
    ['a negative watermark', { epoch, results: [], lastAppliedSeq: -1 }, false],
    ['an error body', { error: 'Something went wrong' }, false],
    ['null', null, false],
  ])('%s', (_name, answer, valid) => {
    expect(isPushResponse(answer)).toBe(valid);
    expect(pushResponseSchema.safeParse(answer).success).toBe(valid);
  });
});

describe('isPullResponse', () => {
  it.each([
    ['changes and a drop', pull, true],
    [
      'a page cut short',
      { ...pull, families: [{ ...pull.families[0], cursor: { ...cursor, resume: 'token' } }], more: true },
      true,
    ],
    ['a family sent again from the start', { ...pull, families: [{ ...pull.families[0], reset: true }] }, true],
    ['a reset flag that is not true', { ...pull, families: [{ ...pull.families[0], reset: 'yes' }] }, false],
    [
      'an unknown table',
      { ...pull, families: [{ ...pull.families[0], changes: [{ table: 'secrets', op: 'delete', id }] }] },
      false,
    ],
    [
      'a put without a row',
      { ...pull, families: [{ ...pull.families[0], changes: [{ table: 'posts', op: 'put' }] }] },
      false,
    ],
    [
      'a cursor without a version',
      { ...pull, families: [{ ...pull.families[0], cursor: { familyId: id, resume: null } }] },
      false,
    ],
    ['no more flag', { ...pull, more: undefined }, false],
    ['no epoch', { ...pull, epoch: undefined }, false],
    ['a user without an id', { ...pull, users: [{ username: 'ada' }] }, false],
  ])('%s', (_name, answer, valid) => {
    expect(isPullResponse(answer)).toBe(valid);
    expect(pullResponseSchema.safeParse(answer).success).toBe(valid);
  });
});

describe('isHistoryChanged', () => {
  it.each([
    ['a new history', { error: 'Restored', epoch, lastAppliedSeq: 3 }, true],
    ['no watermark', { error: 'Restored', epoch }, false],
    ['no epoch', { error: 'Restored', lastAppliedSeq: 3 }, false],
    ['an error body', { error: 'Conflict' }, false],
  ])('%s', (_name, answer, valid) => {
    expect(isHistoryChanged(answer)).toBe(valid);
    expect(historyChangedSchema.safeParse(answer).success).toBe(valid);
  });
});
