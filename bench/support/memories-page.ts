/**
 * The page bench/memories.ts runs in Chromium: Hearth's own device database (the `HearthDb` class, every store and
 * index its own) and the home's "On this day" reader, bundled with esbuild. `window.memoriesBench` fills the database
 * and times the readers.
 */
import { Dexie } from 'dexie';
import { HearthDb } from '../../pwa/db/hearth-db.ts';
import { readFamilyPosts } from '../../pwa/features/feed/use-family-posts.ts';
import { memoriesOnThisDay } from '../../pwa/features/memories/memories-on-this-day.ts';

const db = new HearthDb('hearth-memories-bench');
const familyId = crypto.randomUUID();
const authorId = crypto.randomUUID();
const day = 24 * 60 * 60 * 1000;

/** `count` rows a day apart back from today, interleaved: `posts` posts and `photos` photos over the same years. */
async function fill(posts: number, photos: number, years: number): Promise<void> {
  await db.delete();
  await db.open();
  const span = years * 365 * day;
  const now = Date.now();
  const at = (index: number, count: number) => new Date(now - day - ((index + 0.5) / count) * span).toISOString();
  await db.users.put({ id: authorId, username: 'grandma', firstName: 'Rose', lastName: null, profileImageUrl: null });
  await db.posts.bulkPut(
    Array.from({ length: posts }, (_, index) => {
      const createdAt = at(index, posts);
      return {
        id: crypto.randomUUID(),
        familyId,
        authorId,
        content: `Post ${index}: news from home, the garden and the grandchildren`,
        photoIds: [],
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
  await db.photos.bulkPut(
    Array.from({ length: photos }, (_, index) => {
      const id = crypto.randomUUID();
      return {
        id,
        familyId,
        uploadedById: authorId,
        albumId: null,
        title: `Photo ${index}`,
        description: null,
        imageUrl: `/api/photos/${id}/preview`,
        createdAt: at(index, photos),
      };
    }),
  );
}

/** What a reader would do without the index's ranges: every row of the family, kept when its date is today's. */
async function scanEveryRow(now: Date) {
  const sameDay = (iso: string) => {
    const date = new Date(iso);
    return (
      date.getMonth() === now.getMonth() && date.getDate() === now.getDate() && date.getFullYear() < now.getFullYear()
    );
  };
  const [posts, photos] = await Promise.all([
    db.posts.where('[familyId+createdAt]').between([familyId, Dexie.minKey], [familyId, Dexie.maxKey]).toArray(),
    db.photos.where('[familyId+createdAt]').between([familyId, Dexie.minKey], [familyId, Dexie.maxKey]).toArray(),
  ]);
  return posts.filter((row) => sameDay(row.createdAt)).length + photos.filter((row) => sameDay(row.createdAt)).length;
}

async function timed(work: () => Promise<number>): Promise<{ ms: number; found: number }> {
  const start = performance.now();
  const found = await work();
  return { ms: performance.now() - start, found };
}

declare global {
  interface Window {
    memoriesBench: typeof memoriesBench;
  }
}

const memoriesBench = {
  fill,
  memories: () =>
    timed(async () =>
      (await memoriesOnThisDay(db, familyId, new Date())).reduce(
        (sum, year) => sum + year.posts.length + year.photos.length,
        0,
      ),
    ),
  feedPage: () => timed(async () => (await readFamilyPosts(db, familyId, 20)).posts.length),
  scan: () => timed(() => scanEveryRow(new Date())),
};

window.memoriesBench = memoriesBench;
