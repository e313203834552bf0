import { Dexie, type Table } from 'dexie';
import type { SyncedPhoto, SyncedPost } from '../../../schema/sync.ts';
import type { HearthDb } from '../../db/hearth-db.ts';

/** What the family shared on this day (month and day, where the device is) one earlier year. */
export type MemoryYear = {
  yearsAgo: number;
  posts: SyncedPost[];
  photos: SyncedPhoto[];
};

/** The family's rows written between two instants, oldest first, by the `[familyId+createdAt]` index. */
function writtenBetween<Row, Insert>(
  table: Table<Row, string, Insert>,
  familyId: string,
  from: Date,
  to: Date,
): Promise<Row[]> {
  // Times are kept as `Date#toISOString()` writes them (decision 0053), so their strings sort as the instants do.
  return table
    .where('[familyId+createdAt]')
    .between([familyId, from.toISOString()], [familyId, to.toISOString()], true, false)
    .toArray();
}

/** The first year anything was shared in the family, or null when nothing was. */
async function firstYear(db: HearthDb, familyId: string): Promise<number | null> {
  const oldest = (table: HearthDb['posts'] | HearthDb['photos']) =>
    table.where('[familyId+createdAt]').between([familyId, Dexie.minKey], [familyId, Dexie.maxKey]).first();
  const [post, photo] = await Promise.all([oldest(db.posts), oldest(db.photos)]);
  const times = [post?.createdAt, photo?.createdAt]
    .filter((time) => time !== undefined)
    .map((time) => Date.parse(time));
  return times.length === 0 ? null : new Date(Math.min(...times)).getFullYear();
}

/**
 * "On this day": the family's posts and photos from today's date in each earlier year, the nearest year first, only
 * the years that have some. Read from the device alone (it works offline): one range of the `[familyId+createdAt]`
 * index per year and table, all asked for at once in one transaction, so the cost follows the years the family goes
 * back, not how much it holds (bench/memories.ts). The day is the device's own (local midnight to midnight); a
 * 29 February is remembered only in leap years.
 */
export function memoriesOnThisDay(db: HearthDb, familyId: string, now: Date): Promise<MemoryYear[]> {
  return db.transaction('r', [db.posts, db.photos], async () => {
    const since = await firstYear(db, familyId);
    if (since === null) return [];
    const month = now.getMonth();
    const date = now.getDate();
    const earlierYears: number[] = [];
    for (let year = now.getFullYear() - 1; year >= since; year -= 1) {
      if (new Date(year, month, date).getMonth() === month) earlierYears.push(year);
    }
    const found = await Promise.all(
      earlierYears.map(async (year): Promise<MemoryYear> => {
        const start = new Date(year, month, date);
        const end = new Date(year, month, date + 1);
        const [posts, photos] = await Promise.all([
          writtenBetween(db.posts, familyId, start, end),
          writtenBetween(db.photos, familyId, start, end),
        ]);
        // A post's own photos show with the post; only those shared apart from a post are listed on their own.
        const inPosts = new Set(posts.flatMap((post) => post.photoIds));
        return { yearsAgo: now.getFullYear() - year, posts, photos: photos.filter((photo) => !inPosts.has(photo.id)) };
      }),
    );
    return found.filter((year) => year.posts.length > 0 || year.photos.length > 0);
  });
}

/** "1 year ago today", "3 years ago today". */
export function yearsAgoToday(yearsAgo: number): string {
  return `${yearsAgo} ${yearsAgo === 1 ? 'year' : 'years'} ago today`;
}
