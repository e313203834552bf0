import { parentFieldsOf, syncedTables, type SyncedTable } from '../../schema/synced-tables.ts';
import type { RowTable } from '../db/hearth-db.ts';

/**
 * What a pending write touched, so a rebase can leave alone the writes a pull page does not concern
 * (docs/decisions/0013-bounded-growth-and-rebase-by-footprint.md). Three kinds of key:
 * - `r:posts/<id>`: a row read (found or not) or written;
 * - `q:comments?postId=<id>`: the rows of an index range read (a cascade looking up a post's comments);
 * - `w:comments?postId=<id>`: a row put or deleted in that range.
 * Two writes, or a write and a page, concern each other when they share a row key, or when one reads a range the
 * other writes in. Writing in the same range alone does not count: two posts in one family do not meet.
 */
export type Footprint = Set<string>;

export const rowKey = (table: RowTable, id: string) => `r:${table}/${id}`;

const rangeKey = (kind: 'q' | 'w', table: SyncedTable, field: string, value: unknown) =>
  `${kind}:${table}?${field}=${String(value)}`;

export const rangeReadKey = (table: SyncedTable, field: string, value: string) => rangeKey('q', table, field, value);

/** The ranges a row of `table` sits in: the ones cascades look rows up by (`familyId`, its parent's field). */
export function rangeWriteKeys(table: RowTable, row: object): string[] {
  if (!isSyncedTable(table)) return [];
  return parentFieldsOf(table).map((field) => rangeKey('w', table, field, (row as Record<string, unknown>)[field]));
}

function isSyncedTable(table: RowTable): table is SyncedTable {
  return (syncedTables as string[]).includes(table);
}

/** The row a row key names, for putting its shadow back. */
export function rowOfKey(key: string): [RowTable, string] | null {
  if (!key.startsWith('r:')) return null;
  const slash = key.indexOf('/');
  return [key.slice(2, slash) as RowTable, key.slice(slash + 1)];
}

/**
 * Groups footprints that concern each other, directly or through others: `groupOf(i)` is the same for footprints
 * `i` and `j` exactly when a chain of shared rows or read-and-written ranges links them.
 */
export function groupFootprints(footprints: readonly Iterable<string>[]): { groupOf(index: number): number } {
  const parent = footprints.map((_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root]!;
    while (parent[index] !== root) [parent[index], index] = [root, parent[index]!];
    return root;
  };
  const union = (a: number, b: number) => {
    parent[find(a)] = find(b);
  };
  const rowOwners = new Map<string, number>();
  const readers = new Map<string, number[]>();
  const writers = new Map<string, number[]>();
  footprints.forEach((footprint, index) => {
    for (const key of footprint) {
      if (key.startsWith('r:')) {
        const owner = rowOwners.get(key);
        if (owner === undefined) rowOwners.set(key, index);
        else union(index, owner);
      } else {
        const ranges = key.startsWith('q:') ? readers : writers;
        const range = key.slice(2);
        ranges.set(range, [...(ranges.get(range) ?? []), index]);
      }
    }
  });
  for (const [range, reading] of readers) {
    const linked = [...reading, ...(writers.get(range) ?? [])];
    if (linked.length > reading.length) for (const index of linked) union(index, linked[0]!);
  }
  return { groupOf: find };
}
