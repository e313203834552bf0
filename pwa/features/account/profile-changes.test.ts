import { describe, expect, it } from 'vitest';
import { changedProfileFields } from './profile-changes.ts';

const saved = { firstName: 'Ada', lastName: null, email: 'ada@example.com', username: 'ada', birthday: '--12-10' };

describe('changedProfileFields', () => {
  it('is empty when nothing changed', () => {
    expect(changedProfileFields(saved, { ...saved })).toEqual({});
  });

  it('keeps only the fields that differ, including a name being cleared', () => {
    expect(
      changedProfileFields(saved, {
        firstName: null,
        lastName: 'Lovelace',
        email: 'ada@example.com',
        username: 'ada_l',
        birthday: '--12-10',
      }),
    ).toEqual({ firstName: null, lastName: 'Lovelace', username: 'ada_l' });
    expect(changedProfileFields(saved, { ...saved, birthday: null })).toEqual({ birthday: null });
  });
});
