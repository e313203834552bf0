/**
 * What a pull page costs the device while writes wait to be sent: Ada's device holds a family of 200 posts
 * and has 0, 100 or 1,000 posts of her own waiting (written offline); Grace's new post arrives in a pull page. Timed
 * from handing the page to the rebase until it is committed, on fake-indexeddb in Node (the engine's own test
 * ground; a browser's IndexedDB is faster, the ratios are what matter), median of several rounds. Beside it, the
 * same page applied with nothing waiting, measured in the same run.
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { PullResponse, SyncedPost } from '../schema/sync.ts';
import { HearthDb } from '../pwa/db/hearth-db.ts';
import { applyPullResponse } from '../pwa/sync/rebase.ts';
import { testUser } from '../pwa/sync/testing/test-db.ts';
import { writeLocally } from '../pwa/sync/write.ts';
import { median } from './support/figures.ts';

const familyPosts = 200;
const pendingCounts = [0, 100, 1000];
const rounds = 7;

const ada = testUser('ada');
const grace = testUser('grace');
const epoch = crypto.randomUUID();
const at = '2030-01-01T00:00:00.000Z';

function post(familyId: string, authorId: string, content: string): SyncedPost {
  const id = crypto.randomUUID();
  return { id, familyId, authorId, content, photoIds: [], createdAt: at, updatedAt: at };
}

function page(familyId: string, version: number, posts: SyncedPost[], lastAppliedSeq: number): PullResponse {
  return {
    epoch,
    lastAppliedSeq,
    families: [
      {
        status: 'changes',
        familyId,
        changes: posts.map((row) => ({ table: 'posts' as const, op: 'put' as const, row })),
        cursor: { familyId, version, resume: null },
      },
    ],
    users: [ada, grace],
    more: false,
  };
}

/** A device holding the family, with `pending` posts of Ada's waiting; answers the rebase time of one new post. */
async function measure(pending: number): Promise<number[]> {
  const db = new HearthDb(`bench-${crypto.randomUUID()}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  const familyId = crypto.randomUUID();
  await applyPullResponse(db, {
    ...page(familyId, 1, [], 0),
    families: [
      {
        status: 'changes',
        familyId,
        changes: [
          {
            table: 'families',
            op: 'put',
            row: { id: familyId, name: 'Bench', description: null, createdById: ada.id, createdAt: at, updatedAt: at },
          },
          {
            table: 'members',
            op: 'put',
            row: {
              id: crypto.randomUUID(),
              familyId,
              userId: ada.id,
              role: 'admin',
              relationshipType: 'creator',
              relativeToId: null,
              joinedAt: at,
            },
          },
          ...Array.from({ length: familyPosts }, (_, index) => ({
            table: 'posts' as const,
            op: 'put' as const,
            row: post(familyId, grace.id, `Older post ${index}`),
          })),
        ],
        cursor: { familyId, version: 1, resume: null },
      },
    ],
  });
  for (let index = 0; index < pending; index += 1) {
    await writeLocally(db, { signedInUser: ada }, 'post.create', {
      postId: crypto.randomUUID(),
      familyId,
      content: `Written offline ${index}`,
    });
  }
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const started = performance.now();
    await applyPullResponse(db, page(familyId, 2 + round, [post(familyId, grace.id, `New post ${round}`)], 0));
    times.push(performance.now() - started);
  }
  if ((await db.posts.count()) !== familyPosts + pending + rounds) throw new Error('the pages were not applied');
  await db.delete();
  return times;
}

const baseline = median(await measure(0));
console.log(`rebase of a one-post pull page, ${familyPosts} posts on the device (median of ${rounds}):`);
for (const pending of pendingCounts) {
  const times = pending === 0 ? null : await measure(pending);
  const figure = times ? median(times) : baseline;
  console.log(
    `  ${String(pending).padStart(5)} writes waiting: ${figure.toFixed(1)} ms` +
      (pending === 0 ? ' (baseline)' : ` (${(figure / baseline).toFixed(1)}× the baseline)`),
  );
}
