import { useMemo, useRef } from 'react';

/** The rows last shown, by id, each with the JSON it was compared by. */
export type ShownRows<Row> = ReadonlyMap<string, { row: Row; json: string }>;

/**
 * `rows`, each row equal to the one shown before under its id replaced by that earlier object. A live query answers
 * new objects for every row on each change; with the unchanged ones kept, a memoized row component draws again only
 * the rows that changed (a new post had the feed draw all twenty of its cards again).
 */
export function keepUnchanged<Row extends { id: string }>(
  shown: ShownRows<Row>,
  rows: readonly Row[],
): { rows: Row[]; shown: ShownRows<Row> } {
  const next = new Map<string, { row: Row; json: string }>();
  const kept = rows.map((row) => {
    const json = JSON.stringify(row);
    const before = shown.get(row.id);
    const same = before !== undefined && before.json === json ? before.row : row;
    next.set(row.id, { row: same, json });
    return same;
  });
  return { rows: kept, shown: next };
}

/** `keepUnchanged` across renders: the rows of a live query, unchanged ones as the same objects as last time. */
export function useStableRows<Row extends { id: string }>(rows: Row[] | undefined): Row[] | undefined {
  const shown = useRef<ShownRows<Row>>(new Map());
  return useMemo(() => {
    if (!rows) return undefined;
    const kept = keepUnchanged(shown.current, rows);
    shown.current = kept.shown;
    return kept.rows;
  }, [rows]);
}
