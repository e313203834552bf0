import { describe, expect, it } from 'vitest';
import type { SyncedUser } from '../../../schema/sync.ts';
import { likersForDisplay } from './likers.ts';

describe('likersForDisplay', () => {
  const person = (id: string, firstName: string | null, lastName: string | null = null): SyncedUser => ({
    id,
    username: `${id}-user`,
    firstName,
    lastName,
    profileImageUrl: null,
  });
  const users = new Map([
    ['ada', person('ada', 'Ada', 'Lovelace')],
    ['grace', person('grace', 'Grace', 'Hopper')],
    ['alan', person('alan', null)],
  ]);

  it('puts the viewer first as "You", then the others in the order they liked', () => {
    expect(likersForDisplay(['grace', 'ada', 'alan'], users, 'ada').map((liker) => liker.name)).toEqual([
      'You',
      'Grace Hopper',
      'alan-user',
    ]);
  });

  it('names everyone when the viewer did not like it, and someone not synced yet as a family member', () => {
    const likers = likersForDisplay(['grace', 'stranger'], users, 'ada');
    expect(likers.map(({ userId, name }) => ({ userId, name }))).toEqual([
      { userId: 'grace', name: 'Grace Hopper' },
      { userId: 'stranger', name: 'A family member' },
    ]);
    expect(likers[0]?.user).toBe(users.get('grace'));
    expect(likers[1]?.user).toBeUndefined();
  });
});
