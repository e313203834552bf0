import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.ts';

describe('safeReturnTo', () => {
  it('keeps a path on this site with its query', () => {
    expect(safeReturnTo('/settings')).toBe('/settings');
    expect(safeReturnTo('/profile?changePassword=1')).toBe('/profile?changePassword=1');
  });

  it('goes home when there is nothing to go back to', () => {
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo('')).toBe('/');
    expect(safeReturnTo(42)).toBe('/');
  });

  it('refuses other sites, however they are written', () => {
    expect(safeReturnTo('https://evil.example/settings')).toBe('/');
    expect(safeReturnTo('//evil.example')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
    expect(safeReturnTo('/\t/evil.example')).toBe('/');
    expect(safeReturnTo('/\n/evil.example')).toBe('/');
    expect(safeReturnTo('javascript:alert(1)')).toBe('/');
    expect(safeReturnTo('settings')).toBe('/');
  });
});
