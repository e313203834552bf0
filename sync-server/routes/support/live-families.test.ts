import { describe, expect, it } from 'vitest';
import { createLiveFamilies } from './live-families.ts';

/** A read the test answers when it chooses, so two reads can finish in the order a test needs. */
function controlledReads() {
  const pending: ((familyIds: string[]) => void)[] = [];
  return {
    read: () => new Promise<string[]>((resolve) => pending.push(resolve)),
    answer(index: number, familyIds: string[]) {
      pending[index]?.(familyIds);
    },
  };
}

describe('the families of a live stream', () => {
  it('keeps the newer answer when an older read finishes after it', async () => {
    const reads = controlledReads();
    const families = createLiveFamilies(reads.read);
    const older = families.refresh();
    const newer = families.refresh();
    // Joined family B, then left family A: the second read knows both, and it answers first.
    reads.answer(1, ['b']);
    await newer;
    reads.answer(0, ['a', 'b']);
    await older;
    expect(families.has('a')).toBe(false);
    expect(families.has('b')).toBe(true);
  });

  it('takes an older answer that finishes first, until the newer one arrives', async () => {
    const reads = controlledReads();
    const families = createLiveFamilies(reads.read);
    const older = families.refresh();
    const newer = families.refresh();
    reads.answer(0, ['a']);
    await older;
    expect(families.has('a')).toBe(true);
    reads.answer(1, ['b']);
    await newer;
    expect(families.has('a')).toBe(false);
    expect(families.has('b')).toBe(true);
  });
});
