/**
 * The nemesis (sync-server/testing/nemesis.ts) over many seeds: `npm run bench` runs 40, `-- --seeds 200` more,
 * `-- --from 17` starts at another seed. Prints each seed's figures and the totals; on a divergence, the seed and
 * what was wrong, and exits non-zero. On the PostgreSQL named by DATABASE_URL (restores included), else PGlite.
 */
import 'fake-indexeddb/auto';
import { parseArgs } from 'node:util';
import { runNemesis, type NemesisReport } from '../sync-server/testing/nemesis.ts';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '40' },
    from: { type: 'string', default: '1' },
    steps: { type: 'string', default: '120' },
  },
});
const seeds = Number(values.seeds);
const from = Number(values.from);
const steps = Number(values.steps);

const totals = {
  writes: 0,
  dropped: 0,
  answersLost: 0,
  duplicated: 0,
  delayed: 0,
  restarts: 0,
  tabSwitches: 0,
  restores: 0,
  refusals: 0,
  lostToRestore: 0,
};
const failed: NemesisReport[] = [];
const started = performance.now();
// Quiet: the engine warns on each failed sync, and the nemesis makes many fail on purpose.
console.warn = () => {};
for (let seed = from; seed < from + seeds; seed += 1) {
  const report = await runNemesis({ seed, steps });
  const { faults } = report;
  totals.writes += report.writes;
  totals.dropped += faults.dropped;
  totals.answersLost += faults.answersLost;
  totals.duplicated += faults.duplicated;
  totals.delayed += faults.delayed;
  totals.restarts += report.restarts;
  totals.tabSwitches += report.tabSwitches;
  totals.restores += report.restores;
  totals.refusals += report.refusals;
  totals.lostToRestore += report.lostToRestore;
  const verdict = report.divergences.length === 0 ? 'ok' : `${report.divergences.length} DIVERGENCES`;
  console.log(
    `seed ${seed}: ${report.writes} writes, faults ${faults.dropped}/${faults.answersLost}/${faults.duplicated}/${faults.delayed} ` +
      `(dropped/answer lost/twice/late), ${report.restarts} restarts, ${report.tabSwitches} tab switches, ` +
      `${report.restores} restores, ${report.refusals} refusals told: ${verdict}`,
  );
  if (report.divergences.length > 0) {
    failed.push(report);
    for (const divergence of report.divergences.slice(0, 10)) console.log(`    ${divergence}`);
  }
}
const faultsTotal = totals.dropped + totals.answersLost + totals.duplicated + totals.delayed;
console.log(
  `\n${seeds} seeds, ${totals.writes} writes, ${faultsTotal} faults (${totals.dropped} dropped, ${totals.answersLost} answers lost, ` +
    `${totals.duplicated} delivered twice, ${totals.delayed} delivered late), ${totals.restarts} crashes, ${totals.tabSwitches} tab switches, ` +
    `${totals.restores} restores (${totals.lostToRestore} writes lost with the restored-away history, as a restore means), ` +
    `${totals.refusals} refusals told: ${failed.length === 0 ? 'no divergence' : `${failed.length} seeds diverged: ${failed.map((report) => report.seed).join(', ')}`}` +
    ` (${((performance.now() - started) / 1000).toFixed(0)} s)`,
);
process.exitCode = failed.length === 0 ? 0 : 1;
