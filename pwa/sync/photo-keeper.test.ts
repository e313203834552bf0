import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { photoUrl } from '../../schema/photo-urls.ts';
import type { HearthDb } from '../db/hearth-db.ts';
import { keepPreview, keepThumbnails, type FetchImage } from './photo-keeper.ts';
import { createTestDb } from './testing/test-db.ts';

let db: HearthDb;
const familyId = crypto.randomUUID();

beforeEach(() => {
  db = createTestDb();
});

afterEach(async () => {
  await db.delete();
});

/** A photo synced to the device, shared `minute` minutes into the day. */
async function syncedPhoto(minute: number): Promise<string> {
  const id = crypto.randomUUID();
  await db.photos.put({
    id,
    familyId,
    uploadedById: crypto.randomUUID(),
    albumId: null,
    title: `Photo ${minute}`,
    description: null,
    imageUrl: photoUrl(id, 'preview'),
    createdAt: new Date(Date.UTC(2026, 10, 25, 9, minute)).toISOString(),
  });
  return id;
}

const keptThumbs = async () =>
  (await db.photoImages.toArray()).filter((image) => image.size === 'thumb').map((image) => image.photoId);

describe('keepThumbnails', () => {
  it('keeps the thumbnail of every photo with a file, newest first, and forgets those of photos gone', async () => {
    const older = await syncedPhoto(1);
    const notUpYet = await syncedPhoto(2);
    const newer = await syncedPhoto(3);
    const asked: string[] = [];
    const server: FetchImage = async (url) => {
      asked.push(url);
      return url.includes(notUpYet) ? null : new Blob([`thumb at ${url}`], { type: 'image/webp' });
    };
    await keepThumbnails(db, server);
    expect(new Set(await keptThumbs())).toEqual(new Set([older, newer]));
    expect(asked.slice(0, 2)).toEqual([photoUrl(newer, 'thumb'), photoUrl(notUpYet, 'thumb')]);
    const kept = await db.photoImages.get([newer, 'thumb']);
    expect(await kept?.blob.text()).toBe(`thumb at ${photoUrl(newer, 'thumb')}`);

    // A photo deleted (or a family left): its images go at the next pass; only what is missing is asked again.
    await db.photoImages.put({ photoId: older, size: 'preview', blob: new Blob(['p']), byteSize: 1, lastUsedAt: 1 });
    await db.photos.delete(older);
    asked.length = 0;
    await keepThumbnails(db, server);
    expect(await keptThumbs()).toEqual([newer]);
    expect(await db.photoImages.get([older, 'preview'])).toBeUndefined();
    expect(asked).toEqual([photoUrl(notUpYet, 'thumb')]);
  });

  it('stops at the first failure of the network and carries on from there at the next pass', async () => {
    const photos = [await syncedPhoto(1), await syncedPhoto(2), await syncedPhoto(3), await syncedPhoto(4)];
    let online = false;
    const server: FetchImage = async (url) => {
      if (!online) throw new TypeError('Failed to fetch');
      return new Blob([url]);
    };
    await keepThumbnails(db, server);
    expect(await keptThumbs()).toEqual([]);
    online = true;
    await keepThumbnails(db, server);
    expect(new Set(await keptThumbs())).toEqual(new Set(photos));
  });
});

describe('keepPreview', () => {
  it('keeps previews within the budget, the least recently viewed going first', async () => {
    const [a, b, c] = [await syncedPhoto(1), await syncedPhoto(2), await syncedPhoto(3)];
    const preview = () => new Blob([new Uint8Array(400)]);
    await keepPreview(db, a, preview(), 1000);
    await new Promise((resolve) => setTimeout(resolve, 2));
    await keepPreview(db, b, preview(), 1000);
    await new Promise((resolve) => setTimeout(resolve, 2));
    // Viewing `a` again makes `b` the least recently viewed.
    await db.photoImages.update([a, 'preview'], { lastUsedAt: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 2));
    await keepPreview(db, c, preview(), 1000);
    const kept = (await db.photoImages.toArray()).map((image) => image.photoId);
    expect(new Set(kept)).toEqual(new Set([a, c]));
  });
});
