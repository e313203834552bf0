/**
 * The nemesis (sync-server/testing/nemesis.ts) over many seeds: `npm run nemesis` runs 20, `-- --seeds 200` more,
 * `-- --from 17` starts at another seed, `-- --steps 300` makes each run longer, `-- --restore in-place` puts every
 * backup back with `pg_restore --clean` into the same database, `-- --restore new-database` into a new one,
 * `-- --restore snapshot` as a snapshot nothing in the database tells from a restart (by default the seed picks
 * each in turn). Prints each seed's figures, then seeds, writes and
 * faults per minute; on a divergence, the seed and what was wrong (by check), and exits non-zero. On the PostgreSQL
 * named by DATABASE_URL (two instances, restores), else the embedded PGlite (one instance, no restore).
 */
import 'fake-indexeddb/auto';
import { parseArgs } from 'node:util';
import { faultCount, runNemesis, type NemesisReport } from '../sync-server/testing/nemesis.ts';
import type { RestoreKind } from '../sync-server/testing/nemesis-server.ts';
import { mutationNames } from '../schema/sync.ts';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '20' },
    from: { type: 'string', default: '1' },
    steps: { type: 'string', default: '100' },
    restore: { type: 'string' },
  },
});
const seeds = Number(values.seeds);
const from = Number(values.from);
const steps = Number(values.steps);
const restore = values.restore as RestoreKind | 'none' | undefined;

const faultNames = [
  'dropped',
  'answersLost',
  'duplicated',
  'delayed',
  'pokesLost',
  'pokesDuplicated',
  'pokesReordered',
  'restarts',
  'tabSwitches',
  'restores',
  'housekeeping',
  'joins',
] as const satisfies readonly (keyof NemesisReport['faults'])[];

const totals = { backupMs: 0, restoreMs: 0, writes: 0, faults: 0, retries: 0, discards: 0, refusals: 0, pages: 0, pokes: 0, lostToRestore: 0 };
const faultTotals = Object.fromEntries(faultNames.map((name) => [name, 0])) as Record<(typeof faultNames)[number], number>;
const failed: NemesisReport[] = [];
const byMutation = new Map<string, number>();
const appliedByMutation = new Map<string, number>();
const started = performance.now();
// Quiet: the engine warns on each failed sync, and the nemesis makes many fail on purpose.
console.warn = () => {};
for (let seed = from; seed < from + seeds; seed += 1) {
  const seedStarted = performance.now();
  const report = await runNemesis({ seed, steps, restore });
  totals.writes += report.writes;
  totals.backupMs += report.backupMs;
  totals.restoreMs += report.restoreMs;
  totals.faults += faultCount(report);
  totals.retries += report.retries;
  totals.discards += report.discards;
  totals.refusals += report.refusals;
  totals.pages += report.pages;
  totals.pokes += report.pokes;
  totals.lostToRestore += report.lostToRestore;
  for (const name of faultNames) faultTotals[name] += report.faults[name];
  for (const [name, count] of Object.entries(report.writesByMutation)) byMutation.set(name, (byMutation.get(name) ?? 0) + count);
  for (const [name, count] of Object.entries(report.appliedByMutation)) {
    appliedByMutation.set(name, (appliedByMutation.get(name) ?? 0) + count);
  }
  const verdict = report.divergences.length === 0 ? 'ok' : `${report.divergences.length} DIVERGENCES`;
  console.log(
    `seed ${seed}: ${report.writes} writes, ${faultCount(report)} faults, ${report.pages} short pages, ` +
      `${report.pokes} pokes, ${report.refusals} refusals told, ${report.lostToRestore} lost to the restore ` +
      `(${((performance.now() - seedStarted) / 1000).toFixed(1)} s): ${verdict}`,
  );
  if (report.divergences.length > 0) {
    failed.push(report);
    const byCheck = new Map<string, number>();
    for (const { check } of report.divergences) byCheck.set(check, (byCheck.get(check) ?? 0) + 1);
    console.log(`    by check: ${[...byCheck].map(([check, count]) => `${check} ${count}`).join(', ')}`);
    for (const { check, detail } of report.divergences.slice(0, 10)) console.log(`    ${check}: ${detail}`);
  }
}
const minutes = (performance.now() - started) / 60_000;
const perMinute = (count: number) => (count / minutes).toFixed(1);
console.log(
  `\n${seeds} seeds of ${steps} steps in ${(minutes * 60).toFixed(0)} s (restore: ${restore ?? 'by seed'}): ` +
    `${perMinute(seeds)} seeds, ${perMinute(totals.writes)} writes and ${perMinute(totals.faults)} faults per minute`,
);
console.log(
  `faults: ${faultNames.map((name) => `${faultTotals[name]} ${name}`).join(', ')}; ` +
    `${totals.retries} retries, ${totals.discards} discards, ${totals.pages} short pages, ${totals.pokes} pokes, ` +
    `${totals.refusals} refusals told, ${totals.lostToRestore} writes lost with the restored-away history`,
);
const unapplied = mutationNames.filter((name) => !appliedByMutation.get(name));
console.log(
  `writes by mutation (applied): ${[...byMutation]
    .sort(([, a], [, b]) => b - a)
    .map(([name, count]) => `${count} ${name} (${appliedByMutation.get(name) ?? 0})`)
    .join(', ')}` + (unapplied.length > 0 ? `; never applied: ${unapplied.join(', ')}` : '; every mutation applied'),
);
if (faultTotals.restores > 0) {
  const each = (ms: number) => `${(ms / faultTotals.restores / 1000).toFixed(2)} s`;
  console.log(`each restore (${restore ?? 'by seed'}): backup ${each(totals.backupMs)}, restore and restart ${each(totals.restoreMs)}`);
}
console.log(failed.length === 0 ? 'no divergence' : `${failed.length} seeds diverged: ${failed.map((report) => report.seed).join(', ')}`);
process.exitCode = failed.length === 0 ? 0 : 1;
