// Dexie's live queries need an IndexedDB when Dexie loads: the in-memory one comes before anything imports it.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runNemesis } from './testing/nemesis.ts';

/**
 * A few seeds of the nemesis (testing/nemesis.ts) on every run; `bench/nemesis.ts` runs many more. A seed that fails
 * here fails the same way again: run it alone with `runNemesis({ seed })`.
 */
describe('the sync core under a nemesis', () => {
  // The engine warns at every failed sync, and the nemesis fails many on purpose.
  beforeAll(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it.each([1, 2, 3])(
    'seed %i: every device ends equal to the server, no write lost or applied twice, every refusal told',
    async (seed) => {
      const report = await runNemesis({ seed, steps: 60 });
      expect(report.divergences).toEqual([]);
      expect(report.writes).toBeGreaterThan(10);
    },
    120_000,
  );
});
