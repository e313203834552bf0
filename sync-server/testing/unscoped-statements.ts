import { connect } from '../database.ts';
import { familyColumnOf } from './distribution.ts';

type PlanNode = { [key: string]: unknown; Plans?: PlanNode[] };

/**
 * Statements that read a family table without its family by nature, each a query on every node of a database split
 * by family (decisions 0063, 0068), as the start of their text. A new one fails the tests that watch statements.
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

export function isKnownUnscoped(text: string): boolean {
  return knownUnscoped.some((known) => text.startsWith(known));
}

/** The known statements none of `texts` starts with: fixed, or not sent by what was watched. */
export function knownUnscopedNotAmong(texts: string[]): string[] {
  return knownUnscoped.filter((known) => !texts.some((text) => text.startsWith(known)));
}

const familyTable = new RegExp(`\\b(${Object.keys(familyColumnOf).join('|')})\\b`);

/** Whether a statement's text reads or writes a family table: the ones worth explaining. */
export function touchesFamilyTable(text: string): boolean {
  return familyTable.test(text) && /^\s*(select|with|update|delete|insert)\b/i.test(text);
}

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

/**
 * Explains each statement with the parameters it ran with, on a connection of its own (so that no watcher sees the
 * explaining), and answers the ones that scan a family table without its family, their text on one line.
 */
export async function unscopedStatements(
  url: string,
  seen: Map<string, unknown[]>,
): Promise<{ tables: string; text: string }[]> {
  const sql = connect(url, 1);
  const unscoped: { tables: string; text: string }[] = [];
  try {
    for (const [text, parameters] of seen) {
      const [row] = await sql.unsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
        `explain (format json) ${text}`,
        parameters as never[],
      );
      const tables = [...new Set(unscopedScans(row!['QUERY PLAN'][0].Plan))];
      if (tables.length > 0) unscoped.push({ tables: tables.join(', '), text: text.replace(/\s+/g, ' ').trim() });
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  return unscoped;
}
