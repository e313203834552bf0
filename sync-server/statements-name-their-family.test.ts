// Dexie's live queries need an IndexedDB when Dexie loads: the in-memory one comes before anything imports it.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { connect } from './database.ts';
import { familyColumnOf } from './testing/distribution.ts';
import { runNemesis } from './testing/nemesis.ts';

type PlanNode = { [key: string]: unknown; Plans?: PlanNode[] };

/**
 * Statements still reading a family table without its family, each a query on every node of a database split by
 * family (decision 0063), as the start of their text. Fixing one takes it from here; a new one fails the test.
 */
const knownUnscoped = [
  // A person's own rows in every family they are in, and an invitation found by its token.
  'select family_id from family_members where user_id = $1',
  'select user_id, last_applied_seq, last_seen_at < now()',
  'select (select last_applied_seq from sync_devices where id = $1) as last_applied_seq',
  'select i.family_id, f.name as family_name',
  // Housekeeping across every family.
  'delete from frame_links where last_seen_at < $1',
  'delete from invitations where least(expires_at',
  'select distinct family_id from notifications where is_read',
  'delete from photo_files f where not exists',
  'delete from voice_files f where not exists',
  'with old as ( select family_id, max(version) as floor from sync_tombstones',
];

const conditionKeys = ['Index Cond', 'Recheck Cond', 'Filter', 'Hash Cond', 'Merge Cond', 'Join Filter'];

/** The family tables a plan scans with no condition on their family column, at the scan or at a join above it. */
function unscopedScans(node: PlanNode, above: string[] = []): string[] {
  const conditions = [...above, ...conditionKeys.map((key) => String(node[key] ?? ''))];
  const table = node['Relation Name'];
  const found: string[] = [];
  // A write's own node names the table it writes; the scan under it (if any) is where its rows are found.
  if (typeof table === 'string' && table in familyColumnOf && node['Node Type'] !== 'ModifyTable') {
    const column = familyColumnOf[table]!;
    const named = new RegExp(`(^|[ (.])${column} = `);
    if (!conditions.some((condition) => named.test(condition))) found.push(table);
  }
  const joins = conditionKeys.slice(3).map((key) => String(node[key] ?? ''));
  for (const child of node.Plans ?? []) found.push(...unscopedScans(child, [...above, ...joins]));
  return found;
}

describe('every statement on a family table names its family (decision 0063)', () => {
  it('explains each statement of a nemesis run: the ones reading a family table without its family', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const seen = new Map<string, unknown[]>();
    const familyTable = new RegExp(`\\b(${Object.keys(familyColumnOf).join('|')})\\b`);
    const unscoped: { tables: string; text: string }[] = [];
    const report = await runNemesis({
      seed: 2,
      steps: 100,
      restore: 'none',
      onStatement: (text, parameters) => {
        if (!seen.has(text) && familyTable.test(text) && /^\s*(select|with|update|delete|insert)\b/i.test(text)) {
          seen.set(text, parameters);
        }
      },
      whenSettled: async (url) => {
        const sql = connect(url, 1);
        try {
          for (const [text, parameters] of seen) {
            const [row] = await sql.unsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
              `explain (format json) ${text}`,
              parameters as never[],
            );
            const tables = [...new Set(unscopedScans(row!['QUERY PLAN'][0].Plan))];
            const shown = text.replace(/\s+/g, ' ').trim();
            if (tables.length > 0) unscoped.push({ tables: tables.join(', '), text: shown });
          }
        } finally {
          await sql.end({ timeout: 5 });
        }
      },
    });
    expect(report.divergences).toEqual([]);
    const isKnown = (text: string) => knownUnscoped.some((known) => text.startsWith(known));
    const fixed = knownUnscoped.filter((known) => !unscoped.some(({ text }) => text.startsWith(known)));
    console.log(
      `${seen.size} statements on family tables, ${unscoped.length} without their family` +
        `${fixed.length > 0 ? `; not seen this run: ${fixed.length} of those known` : ''}:`,
      `\n  ${unscoped.map(({ tables, text }) => `${tables}: ${text.slice(0, 160)}`).sort().join('\n  ')}`,
    );
    expect(seen.size).toBeGreaterThan(50);
    expect(unscoped.filter(({ text }) => !isKnown(text)).map(({ text }) => text)).toEqual([]);
  }, 600_000);
});
