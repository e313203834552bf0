import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../account/testing/memory-storage.ts';
import {
  forgetSelectedFamily,
  pickSelectedFamily,
  rememberedFamilyId,
  rememberSelectedFamily,
  subscribeToSelectedFamily,
} from './selected-family.ts';

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

  it('is kept across visits in device storage', () => {
    localStorage.setItem('hearth-selected-family-mary', 'somervilles');
    expect(rememberedFamilyId('mary')).toBe('somervilles');

    rememberSelectedFamily('mary', 'fairfaxes');

    expect(localStorage.getItem('hearth-selected-family-mary')).toBe('fairfaxes');
  });

  it('tells every screen at once when someone chooses or forgets', () => {
    const heard: (string | null)[] = [];
    const unsubscribe = subscribeToSelectedFamily(() => heard.push(rememberedFamilyId('ada')));

    rememberSelectedFamily('ada', 'byrons');
    forgetSelectedFamily('ada');
    unsubscribe();
    rememberSelectedFamily('ada', 'kings');

    expect(heard).toEqual(['byrons', null]);
  });

  it('still holds for this visit when the device cannot store it', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    });

    rememberSelectedFamily('emmy', 'noethers');

    expect(rememberedFamilyId('emmy')).toBe('noethers');
  });
});

describe('pickSelectedFamily', () => {
  const families = [{ id: 'first' }, { id: 'second' }];

  it('shows the remembered family', () => {
    expect(pickSelectedFamily(families, 'second')).toEqual({ id: 'second' });
  });

  it('falls back to the first family when nothing is remembered or the person has left the remembered one', () => {
    expect(pickSelectedFamily(families, null)).toEqual({ id: 'first' });
    expect(pickSelectedFamily(families, 'left-long-ago')).toEqual({ id: 'first' });
  });

  it('shows none while the device is still answering, or when the person has no family', () => {
    expect(pickSelectedFamily(undefined, 'second')).toBeUndefined();
    expect(pickSelectedFamily([], 'second')).toBeUndefined();
  });
});
