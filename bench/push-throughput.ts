/**
 * Sync throughput: how many queued mutations a push applies per second (500 `post.create`, then 500 `post.update`
 * naming their family or not, in batches of 100 as a device sends them, over HTTP on loopback), and how long the
 * server takes to answer a device pulling a family of 2,000 posts from zero (every page, without the network). A
 * fresh database each run: on the PostgreSQL named by DATABASE_URL when set, else the embedded PGlite.
 */
import { randomUUID } from 'node:crypto';
import { pushBatchMax, type FamilyCursor, type PullResponse } from '../schema/index.ts';
import { createLocalNotifier, createPostgresNotifier } from '../sync-server/sync-notifier.ts';
import { currentEpoch } from '../sync-server/repositories/sync-history-repository.ts';
import { pullChanges } from '../sync-server/sync-pull.ts';
import { benchApi } from './support/api-setup.ts';
import { startBenchApp } from './support/bench-app.ts';
import { median } from './support/figures.ts';

const rounds = 3;
const mutationsPerRound = 500;
const familyPosts = 2000;
const pullRuns = 5;

const server = await startBenchApp({
  notifier: async (sql) => (process.env.DATABASE_URL ? createPostgresNotifier(sql) : createLocalNotifier()),
});
const { app, sql } = server;
const api = benchApi(await app.listen({ port: 0, host: '127.0.0.1' }));

function postCreates(familyId: string, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    name: 'post.create' as const,
    args: { postId: randomUUID(), familyId, content: `Post number ${index + 1} with a few words in it` },
  }));
}

try {
  const { userId, cookie } = await api.signUp('bench');
  const phone = api.device({ userId, cookie });
  const familyId = randomUUID();
  await phone.push([{ name: 'family.create', args: { familyId, memberId: randomUUID(), name: 'Bench family' } }]);

  const rates: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const mutations = postCreates(familyId, mutationsPerRound);
    const started = performance.now();
    await phone.push(mutations);
    rates.push(mutationsPerRound / ((performance.now() - started) / 1000));
  }
  console.log(
    `push, ${mutationsPerRound} post.create in batches of ${pushBatchMax}: median ${median(rates).toFixed(0)} mutations/s ` +
      `(rounds: ${rates.map((rate) => rate.toFixed(0)).join(', ')})`,
  );

  // Edits of those posts, each naming its family (decision 0067) or, as an app from before sends it, none: the server
  // then reads the post by its id before locking the family. Alternated, so both meet the same machine.
  const postIds = (await sql<{ id: string }[]>`select id from posts where family_id = ${familyId}`).map(({ id }) => id);
  const editRates = { named: [] as number[], unnamed: [] as number[] };
  for (let round = 0; round < rounds * 2; round += 1) {
    const named = round % 2 === 0;
    const edits = postIds.slice(0, mutationsPerRound).map((postId, index) => ({
      name: 'post.update' as const,
      args: { postId, ...(named ? { familyId } : {}), content: `Edit ${round}.${index}` },
    }));
    const started = performance.now();
    await phone.push(edits);
    editRates[named ? 'named' : 'unnamed'].push(mutationsPerRound / ((performance.now() - started) / 1000));
  }
  const rounded = (rates: number[]) => rates.map((rate) => rate.toFixed(0)).join(', ');
  console.log(
    `push, ${mutationsPerRound} post.update: naming their family median ${median(editRates.named).toFixed(0)} ` +
      `mutations/s (${rounded(editRates.named)}), naming none ${median(editRates.unnamed).toFixed(0)} ` +
      `(${rounded(editRates.unnamed)}): ${(median(editRates.named) / median(editRates.unnamed)).toFixed(2)}×`,
  );

  await phone.push(postCreates(familyId, familyPosts - rounds * mutationsPerRound));
  const times: number[] = [];
  let pages = 0;
  let changes = 0;
  for (let run = 0; run < pullRuns; run += 1) {
    const deviceId = randomUUID();
    await sql`insert into sync_devices (id, user_id) values (${deviceId}, ${userId})`;
    const started = performance.now();
    // The bench family is the user's only one: its cursor is the whole of the device's state.
    let cursors: FamilyCursor[] = [];
    let answer: PullResponse;
    pages = 0;
    changes = 0;
    do {
      answer = JSON.parse(await pullChanges(sql, { userId, deviceId, epoch: await currentEpoch(sql), cursors }));
      cursors = answer.families.flatMap((family) => (family.status === 'changes' ? [family.cursor] : []));
      pages += 1;
      changes += answer.families.reduce(
        (sum, family) => sum + (family.status === 'changes' ? family.changes.length : 0),
        0,
      );
    } while (answer.more);
    times.push(performance.now() - started);
  }
  console.log(
    `pull from zero, family of ${familyPosts} posts (${changes} changes, ${pages} pages): ` +
      `median ${median(times).toFixed(1)} ms server-side (runs: ${times.map((time) => time.toFixed(1)).join(', ')})`,
  );
} finally {
  await server.close();
}
