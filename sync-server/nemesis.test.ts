// Dexie's live queries need an IndexedDB when Dexie loads: the in-memory one comes before anything imports it.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runNemesis } from './testing/nemesis.ts';
import { nemesisActions } from './testing/nemesis-actions.ts';

/**
 * A few seeds of the nemesis (testing/nemesis.ts) on every run; `npm run nemesis` runs many more and longer. A seed
 * that fails here fails the same way again (timing aside): run it alone with `npm run nemesis -- --from N --seeds 1`.
 * That the checks catch what they exist to catch is proven by nemesis-self-check.test.ts.
 */
describe('the sync core under a nemesis', () => {
  // The engine warns at every failed sync, and the nemesis fails many on purpose.
  beforeAll(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  it('weighs every mutation above nothing, so each is written (a new one fails the type check until weighed)', () => {
    const unweighed = Object.entries(nemesisActions).flatMap(([name, action]) => (action.weight > 0 ? [] : [name]));
    expect(unweighed).toEqual([]);
  });

  it.each([1, 2, 3])(
    'seed %i: every mutation applied, every write lands exactly once, every device and cursor equals the server, every refusal told',
    async (seed) => {
      const report = await runNemesis({ seed, steps: 80 });
      expect(report.divergences).toEqual([]);
      expect(report.writes).toBeGreaterThan(20);
    },
    300_000,
  );
});
