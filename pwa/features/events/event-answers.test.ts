import { describe, expect, it } from 'vitest';
import type { SyncedRsvp } from '../../../schema/sync.ts';
import { answerOf, comingSentence } from './event-answers.ts';

const event = { id: 'lunch', createdById: 'rose' };
const said = (userId: string, status: SyncedRsvp['status']) =>
  ({ id: `lunch:${userId}`, familyId: 'f', eventId: 'lunch', userId, status, updatedAt: '' }) as SyncedRsvp;

describe('who is coming', () => {
  it('counts the maker as coming until she says otherwise, and everyone else by what they said', () => {
    expect(answerOf(event, [], 'rose')).toBe('attending');
    expect(answerOf(event, [said('rose', 'not_attending')], 'rose')).toBe('not_attending');
    expect(answerOf(event, [], 'david')).toBe('pending');
    expect(answerOf(event, [said('david', 'attending')], 'david')).toBe('attending');
  });

  it('says the names, and counts the rest past two', () => {
    expect(comingSentence([])).toBe('Nobody has said they are coming yet');
    expect(comingSentence(['You'])).toBe('You are coming');
    expect(comingSentence(['David'])).toBe('David is coming');
    expect(comingSentence(['David', 'Maya'])).toBe('David and Maya are coming');
    expect(comingSentence(['You', 'David', 'Maya'])).toBe('You, David and Maya are coming');
    expect(comingSentence(['David', 'Maya', 'Rose', 'Ben'])).toBe('David, Maya and 2 others are coming');
  });
});
