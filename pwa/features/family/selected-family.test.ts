import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../account/testing/memory-storage.ts';
import { forgetSelectedFamily, rememberedFamilyId, rememberSelectedFamily } from './selected-family.ts';

beforeEach(() => {
  vi.stubGlobal('localStorage', createMemoryStorage());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the selected family', () => {
  it('is remembered per person, and forgotten for that person only', () => {
    rememberSelectedFamily('ada', 'lovelaces');
    rememberSelectedFamily('grace', 'hoppers');
    expect(rememberedFamilyId('ada')).toBe('lovelaces');
    expect(rememberedFamilyId('grace')).toBe('hoppers');
    expect(rememberedFamilyId('alan')).toBeNull();

    forgetSelectedFamily('ada');

    expect(rememberedFamilyId('ada')).toBeNull();
    expect(rememberedFamilyId('grace')).toBe('hoppers');
  });
});
