import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NemesisCheck } from './testing/nemesis.ts';
import { plant, plantedBugs, runWithPlantedBug, type PlantedBug, type PlantedBugName } from './testing/planted-bugs.ts';

/**
 * The nemesis's self-check: each deliberate bug (testing/planted-bugs.ts), planted in a copy of the source, must be
 * found by the check named for it within the first seeds of a short run. A nemesis that lets one through has lost
 * the power it exists for.
 */
const seeds = [1, 2, 3];
const steps = 40;

describe('the nemesis catches the bugs it exists to catch', () => {
  it.each(Object.keys(plantedBugs) as PlantedBugName[])(
    '%s',
    async (name) => {
      const expected: NemesisCheck = plantedBugs[name].caughtBy;
      const runs: string[] = [];
      let checks = new Set<NemesisCheck>();
      for (const seed of seeds) {
        const { restore } = plantedBugs[name] as PlantedBug;
        const report = await runWithPlantedBug(name, { seed, steps, ...(restore ? { restore } : {}) });
        checks = new Set(report.divergences.map((divergence) => divergence.check));
        runs.push(`seed ${seed} found ${[...checks].join(', ') || 'nothing'}`);
        if (checks.has(expected)) break;
      }
      expect([...checks], `${plantedBugs[name].what}: ${runs.join('; ')}`).toContain(expected);
    },
    900_000,
  );

  it('plants each bug exactly where it says, in the source as it is now', async () => {
    for (const name of Object.keys(plantedBugs) as PlantedBugName[]) {
      const source = await readFile(join(import.meta.dirname, '..', plantedBugs[name].file), 'utf8');
      expect(plant(name, source)).not.toEqual(source);
    }
  });
});
