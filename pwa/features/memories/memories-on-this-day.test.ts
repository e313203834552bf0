import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { photoUrl } from '../../../schema/photo-urls.ts';
import type { SyncedPhoto, SyncedPost } from '../../../schema/sync.ts';
import type { HearthDb } from '../../db/hearth-db.ts';
import { createTestDb } from '../../sync/testing/test-db.ts';
import { memoriesOnThisDay, yearsAgoToday } from './memories-on-this-day.ts';

let db: HearthDb;
const familyId = crypto.randomUUID();
const authorId = crypto.randomUUID();

/** A post written at a local time on the device (the day "on this day" means is the device's own). */
async function post(content: string, at: Date, inFamily = familyId, photoIds: string[] = []): Promise<void> {
  const createdAt = at.toISOString();
  const row: SyncedPost = {
    id: crypto.randomUUID(),
    familyId: inFamily,
    authorId,
    content,
    photoIds,
    createdAt,
    updatedAt: createdAt,
  };
  await db.posts.put(row);
}

async function photo(title: string, at: Date): Promise<string> {
  const id = crypto.randomUUID();
  const row: SyncedPhoto = {
    id,
    familyId,
    uploadedById: authorId,
    albumId: null,
    title,
    description: null,
    imageUrl: photoUrl(id, 'preview'),
    createdAt: at.toISOString(),
  };
  await db.photos.put(row);
  return id;
}

beforeEach(() => {
  db = createTestDb();
});

afterEach(async () => {
  await db.delete();
});

describe('memoriesOnThisDay', () => {
  const today = new Date(2026, 10, 27, 9, 0);

  it('finds what was shared on this date in earlier years, the nearest year first', async () => {
    await post('First snow at the cabin', new Date(2023, 10, 27, 0, 5));
    await post('Late night pancakes', new Date(2025, 10, 27, 23, 55));
    const lake = await photo('The lake', new Date(2025, 10, 27, 14, 0));
    await post('The day after', new Date(2024, 10, 28, 0, 0));
    await post('The day before', new Date(2024, 10, 26, 23, 59));
    await post('This morning', new Date(2026, 10, 27, 8, 0));
    await post('Another family', new Date(2024, 10, 27, 12, 0), crypto.randomUUID());

    const years = await memoriesOnThisDay(db, familyId, today);

    expect(
      years.map((year) => ({
        label: yearsAgoToday(year.yearsAgo),
        posts: year.posts.map((row) => row.content),
        photos: year.photos.map((row) => row.id),
      })),
    ).toEqual([
      {
        label: '1 year ago today',
        posts: ['Late night pancakes'],
        photos: [lake],
      },
      {
        label: '3 years ago today',
        posts: ['First snow at the cabin'],
        photos: [],
      },
    ]);
  });

  it("shows a post's photos with the post, not again on their own", async () => {
    const at = new Date(2024, 10, 27, 10, 0);
    const inPost = await photo('Cake', at);
    await post('Birthday cake', at, familyId, [inPost]);

    const [year] = await memoriesOnThisDay(db, familyId, today);

    expect(year?.posts.map((row) => row.content)).toEqual(['Birthday cake']);
    expect(year?.photos).toEqual([]);
  });

  it('has nothing to show when nothing was shared on this date', async () => {
    expect(await memoriesOnThisDay(db, familyId, today)).toEqual([]);
    await post('Some other day', new Date(2025, 5, 1, 12, 0));
    expect(await memoriesOnThisDay(db, familyId, today)).toEqual([]);
  });

  it('remembers a 29 February only in leap years', async () => {
    await post('Leap day picnic', new Date(2024, 1, 29, 12, 0));
    await post('The last day of February', new Date(2025, 1, 28, 12, 0));

    const leap = await memoriesOnThisDay(db, familyId, new Date(2028, 1, 29, 9, 0));

    expect(leap.map((year) => [year.yearsAgo, year.posts.map((row) => row.content)])).toEqual([
      [4, ['Leap day picnic']],
    ]);
  });
});
