// Dexie's live queries need an IndexedDB when Dexie loads: the in-memory one comes before anything imports it.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { runNemesis } from './testing/nemesis.ts';
import {
  isKnownUnscoped,
  knownUnscopedNotAmong,
  touchesFamilyTable,
  unscopedStatements,
} from './testing/unscoped-statements.ts';

// The reads of every API route by a member of the family are watched the same way in family-isolation.test.ts.
describe('every statement on a family table names its family (decision 0063)', () => {
  it('explains each statement of a nemesis run: the ones reading a family table without its family', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const seen = new Map<string, unknown[]>();
    let unscoped: { tables: string; text: string }[] = [];
    const report = await runNemesis({
      seed: 2,
      steps: 100,
      restore: 'none',
      onStatement: (text, parameters) => {
        if (!seen.has(text) && touchesFamilyTable(text)) seen.set(text, parameters);
      },
      whenSettled: async (url) => {
        unscoped = await unscopedStatements(url, seen);
      },
    });
    expect(report.divergences).toEqual([]);
    const fixed = knownUnscopedNotAmong(unscoped.map(({ text }) => text));
    console.log(
      `${seen.size} statements on family tables, ${unscoped.length} without their family` +
        `${fixed.length > 0 ? `; not seen this run: ${fixed.length} of those known` : ''}:`,
      `\n  ${unscoped.map(({ tables, text }) => `${tables}: ${text.slice(0, 160)}`).sort().join('\n  ')}`,
    );
    expect(seen.size).toBeGreaterThan(50);
    expect(unscoped.filter(({ text }) => !isKnownUnscoped(text)).map(({ text }) => text)).toEqual([]);
  }, 600_000);
});
