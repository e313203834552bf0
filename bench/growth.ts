/**
 * How the server's sync bookkeeping grows: rows in `sync_devices`, `sync_rejections` and `sync_tombstones` after a
 * simulated month, and four months, of family life. Eight people in one family each sign in once a day on a device
 * the server has not seen (a borrowed tablet, the library computer, a phone set up again), write two posts, like and
 * unlike one, delete yesterday's, have one write refused, and leave: half sign out, the rest just close the tab.
 * Each day ends with every bookkeeping time moved one day back, so a day passes in a second.
 *
 * The baseline is the same life on a server that keeps everything (no housekeeping, no forgetting at sign-out), run
 * beside it on a fresh database of its own. On the PostgreSQL named by DATABASE_URL when set, else the embedded PGlite.
 */
import { randomUUID } from 'node:crypto';
import type { Sql } from '../sync-server/database.ts';
import { runHousekeeping } from '../sync-server/housekeeping.ts';
import { addMember } from '../sync-server/testing/test-device.ts';
import { benchApi, type QueuedMutation } from './support/api-setup.ts';
import { startBenchApp } from './support/bench-app.ts';

const people = 8;
const checkpoints = [30, 120];
const tables = ['sync_devices', 'sync_rejections', 'sync_tombstones'] as const;

type Counts = Record<(typeof tables)[number], number>;

async function countRows(sql: Sql): Promise<Counts> {
  const counts = {} as Counts;
  for (const table of tables) {
    const [row] = await sql<{ count: number }[]>`select count(*)::int as count from ${sql(table)}`;
    counts[table] = row?.count ?? 0;
  }
  return counts;
}

/** Every time housekeeping reads, one day earlier. */
async function aDayPasses(sql: Sql): Promise<void> {
  await sql`update sync_tombstones set deleted_at = deleted_at - interval '1 day'`;
  await sql`update sync_devices set last_seen_at = last_seen_at - interval '1 day', created_at = created_at - interval '1 day'`;
  await sql`update sync_rejections set created_at = created_at - interval '1 day'`;
}

async function liveFamilyLife({ keepsHouse }: { keepsHouse: boolean }): Promise<Map<number, Counts>> {
  const server = await startBenchApp();
  const { app, sql } = server;
  const api = benchApi(await app.listen({ port: 0, host: '127.0.0.1' }));
  const counts = new Map<number, Counts>();
  try {
    const accounts = [];
    for (let person = 0; person < people; person += 1) accounts.push(await api.signUp(`growth${person}`));
    const familyId = randomUUID();
    await api.device(accounts[0]!).push([
      { name: 'family.create', args: { familyId, memberId: randomUUID(), name: 'The Growths' } },
    ]);
    for (const account of accounts.slice(1)) await addMember(sql, familyId, account.userId);

    const yesterdays = new Map<number, string>();
    for (let day = 1; day <= Math.max(...checkpoints); day += 1) {
      for (const [person, account] of accounts.entries()) {
        const device = api.device(account);
        const [kept, unliked] = [randomUUID(), randomUUID()];
        const yesterday = yesterdays.get(person);
        const writes: QueuedMutation[] = [
          { name: 'post.create', args: { postId: kept, familyId, content: `Day ${day}: the garden` } },
          { name: 'post.create', args: { postId: unliked, familyId, content: `Day ${day}: the weather` } },
          { name: 'reaction.set', args: { postId: kept, reactionType: 'like', reacted: true } },
          { name: 'reaction.set', args: { postId: kept, reactionType: 'like', reacted: false } },
          ...(yesterday ? [{ name: 'post.delete' as const, args: { postId: yesterday } }] : []),
          // Refused: a post nobody has (deleted meanwhile on another device, say).
          { name: 'post.update', args: { postId: randomUUID(), content: 'Too late' } },
        ];
        await device.push(writes, { refused: 1 });
        yesterdays.set(person, unliked);
        if (keepsHouse && person % 2 === 0) await device.forget();
      }
      if (keepsHouse) await runHousekeeping(sql);
      if (checkpoints.includes(day)) counts.set(day, await countRows(sql));
      await aDayPasses(sql);
    }
    return counts;
  } finally {
    await server.close();
  }
}

const started = performance.now();
const [kept, housekept] = await Promise.all([
  liveFamilyLife({ keepsHouse: false }),
  liveFamilyLife({ keepsHouse: true }),
]);
console.log(
  `rows after ${people} people sign in on a new device every day (each day: 6 writes, 1 refused, 2 deletes):`,
);
for (const day of checkpoints) {
  console.log(`  after ${day} days:`);
  for (const table of tables) {
    const before = kept.get(day)?.[table] ?? 0;
    const after = housekept.get(day)?.[table] ?? 0;
    console.log(`    ${table.padEnd(16)} ${String(after).padStart(6)} (baseline, keeping everything: ${before})`);
  }
}
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
