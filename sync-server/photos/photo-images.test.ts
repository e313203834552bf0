import { describe, expect, it } from 'vitest';
import { createImageQueue } from './photo-images.ts';

describe('the image queue', () => {
  /** Runs jobs of the given weights at once; answers the most weight and the most jobs that ever ran together. */
  async function peaks(weights: number[], budget: { jobs: number; pixels: number }) {
    const run = createImageQueue(budget);
    let [weight, jobs, mostWeight, mostJobs] = [0, 0, 0, 0];
    const releases: (() => void)[] = [];
    const all = Promise.all(
      weights.map((own) =>
        run(own, async () => {
          weight += own;
          jobs += 1;
          [mostWeight, mostJobs] = [Math.max(mostWeight, weight), Math.max(mostJobs, jobs)];
          await new Promise<void>((release) => releases.push(release));
          weight -= own;
          jobs -= 1;
        }),
      ),
    );
    // Each job waits to be let go; let the running ones go, one turn of the event loop at a time, until all ran.
    for (let finished = 0; finished < weights.length; finished += 1) {
      while (releases.length === 0) await new Promise((resolve) => setImmediate(resolve));
      releases.shift()!();
    }
    await all;
    return { mostWeight, mostJobs };
  }

  it('decodes two phone photos side by side, but never two 80 MP ones at once', async () => {
    const budget = { jobs: 2, pixels: 40_000_000 };
    expect(await peaks([12e6, 12e6, 12e6, 12e6], budget)).toEqual({ mostWeight: 24e6, mostJobs: 2 });
    expect(await peaks([80e6, 80e6, 80e6, 80e6], budget)).toEqual({ mostWeight: 80e6, mostJobs: 1 });
    expect((await peaks([30e6, 12e6, 30e6, 12e6], budget)).mostWeight).toBeLessThanOrEqual(40e6);
  });
});
