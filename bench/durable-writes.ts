/**
 * Writes kept through a reload or a closed tab (docs/decisions/0030-a-write-shown-is-a-write-kept.md): runs
 * the journey e2e/durable-writes.spec.ts over its whole matrix — every kind of write (post, comment, reaction,
 * message, RSVP, event, album, photo, settings) × a reload and a closed tab at once after it × CPU slowed 1×, 4× and
 * 8× — `HEARTH_DURABILITY_ROUNDS` times (default 1; `HEARTH_DURABILITY_KINDS=photo,post` for those kinds only),
 * and prints per kind, interruption and rate how many writes were kept (on screen after the restart and on the
 * server), sent exactly once, and how many restarts said "All sent" or "Up to date" while the server did not have the
 * write yet. Goal: all kept, all sent once, 0 early.
 * Needs `npm run build`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

type Figure = {
  kind: string;
  interruption: string;
  rate: number;
  kept: boolean;
  copies: number;
  early: boolean;
  missing: string | null;
  ms: { started: number; shown: number };
};

const directory = mkdtempSync(join(tmpdir(), 'hearth-durable-'));
const figuresFile = join(directory, 'figures.json');
const run = spawnSync('npx', ['playwright', 'test', 'e2e/durable-writes.spec.ts', '--reporter=line'], {
  stdio: 'inherit',
  env: { ...process.env, HEARTH_DURABILITY_MATRIX: 'full', HEARTH_DURABILITY_FIGURES: figuresFile },
});
let figures: Figure[] = [];
try {
  figures = JSON.parse(readFileSync(figuresFile, 'utf8')) as Figure[];
} catch {
  console.error('The journey wrote no figures: it failed before its first case ended.');
}
rmSync(directory, { recursive: true, force: true });

const groups = new Map<string, Figure[]>();
for (const figure of figures) {
  const key = `${figure.kind} · ${figure.interruption} · ${figure.rate}×`;
  groups.set(key, [...(groups.get(key) ?? []), figure]);
}
console.log(`\nLoad average at the end: ${loadavg().map((load) => load.toFixed(1)).join(', ')}`);
console.log('\nWrite · interruption · CPU       kept   sent once   status early   restart ms (median)   missing');
for (const [key, group] of groups) {
  const kept = group.filter((figure) => figure.kept).length;
  const once = group.filter((figure) => figure.copies === 1).length;
  const early = group.filter((figure) => figure.early).length;
  const restarts = group.map((figure) => figure.ms.started).filter((ms) => ms >= 0).sort((a, b) => a - b);
  const median = restarts.length ? String(restarts[Math.floor(restarts.length / 2)]) : '-';
  const missing = group.flatMap((figure) => (figure.missing ? [figure.missing] : [])).join(', ');
  console.log(
    `${key.padEnd(32)} ${`${kept}/${group.length}`.padEnd(6)} ${`${once}/${group.length}`.padEnd(11)} ` +
      `${String(early).padEnd(14)} ${median.padEnd(21)} ${missing}`,
  );
}
if (run.status !== 0) console.log('The journey failed before the end of the matrix: the counts are of what it ran.');
const total = figures.length;
const kept = figures.filter((figure) => figure.kept).length;
const once = figures.filter((figure) => figure.copies === 1).length;
const early = figures.filter((figure) => figure.early).length;
console.log(`\nAll: ${kept}/${total} kept, ${once}/${total} sent once, ${early} early (goal: all, all, 0)`);
process.exitCode = run.status === 0 && total > 0 ? 0 : 1;
