import { describe, expect, it } from 'vitest';
import type { User } from '../../schema/index.ts';
import { createSessionCache } from './session-cache.ts';

const person = (id: string): User => ({
  id,
  username: `person_${id}`,
  email: `${id}@example.test`,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  birthday: null,
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
});
const token = (label: string) => Buffer.from(label.padEnd(32, '.'));

describe('the sessions an instance trusts', () => {
  it('trusts a session for its time only', () => {
    let clock = 1_000;
    const cache = createSessionCache({ ttlMs: 30_000, maxEntries: 10, now: () => clock });
    cache.keep(token('a'), person('1'), cache.generation);
    clock += 29_999;
    expect(cache.find(token('a'))?.id).toBe('1');
    clock += 1;
    expect(cache.find(token('a'))).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("forgets every session of a person whose account changed, and nobody else's", () => {
    const cache = createSessionCache({ ttlMs: 30_000, maxEntries: 10 });
    cache.keep(token('phone'), person('1'), cache.generation);
    cache.keep(token('laptop'), person('1'), cache.generation);
    cache.keep(token('other'), person('2'), cache.generation);
    cache.forgetPerson('1');
    expect(cache.find(token('phone'))).toBeNull();
    expect(cache.find(token('laptop'))).toBeNull();
    expect(cache.find(token('other'))?.id).toBe('2');
    cache.forgetEveryone();
    expect(cache.find(token('other'))).toBeNull();
  });

  it('does not keep what a read found when someone was forgotten while it ran', () => {
    const cache = createSessionCache({ ttlMs: 30_000, maxEntries: 10 });
    const readAt = cache.generation;
    cache.forgetPerson('1'); // signed out while the read was on its way
    cache.keep(token('phone'), person('1'), readAt);
    expect(cache.find(token('phone'))).toBeNull();
  });

  it('drops the oldest entry when full', () => {
    const cache = createSessionCache({ ttlMs: 30_000, maxEntries: 2 });
    cache.keep(token('a'), person('1'), cache.generation);
    cache.keep(token('b'), person('2'), cache.generation);
    cache.keep(token('a'), person('1'), cache.generation); // seen again: now the newest
    cache.keep(token('c'), person('3'), cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.find(token('b'))).toBeNull();
    expect(cache.find(token('a'))?.id).toBe('1');
    expect(cache.find(token('c'))?.id).toBe('3');
  });
});
