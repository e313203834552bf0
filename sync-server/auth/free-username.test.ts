import { describe, expect, it } from 'vitest';
import { username } from '../../schema/index.ts';
import { usernameFromEmail } from './free-username.ts';

describe('usernameFromEmail', () => {
  it.each([
    ['ada.lovelace@example.test', 'ada.lovelace'],
    ['o+hearth@example.test', 'ohearth'],
    ['jo@example.test', 'member'],
    ['+++@example.test', 'member'],
    ['émilie_du-châtelet@example.test', 'émilie_du-châtelet'],
  ])('%s → %s', (address, expected) => {
    expect(usernameFromEmail(address)).toBe(expected);
  });

  it('leaves room for a numeric suffix within the username limit', () => {
    const base = usernameFromEmail(`${'a'.repeat(64)}@example.test`);
    expect(username.safeParse(`${base}99999`).success).toBe(true);
  });
});
