import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoFileUrl, photoUrl } from '../../schema/photo-urls.ts';
import { voiceAudioUrl } from '../../schema/voice-urls.ts';
import type { HearthDb } from '../db/hearth-db.ts';
import {
  keepPreview,
  keepThumbnails,
  keepVoiceClips,
  keptVoiceNotesPerFamily,
  type FetchImage,
} from './photo-keeper.ts';
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
    const thumbOf = (id: string) => photoFileUrl({ id, familyId }, 'thumb');
    expect(asked.slice(0, 2)).toEqual([thumbOf(newer), thumbOf(notUpYet)]);
    const kept = await db.photoImages.get([newer, 'thumb']);
    expect(await kept?.blob.text()).toBe(`thumb at ${thumbOf(newer)}`);

    // A photo deleted (or a family left): its images go at the next pass; only what is missing is asked again.
    await db.photoImages.put({ photoId: older, size: 'preview', blob: new Blob(['p']), byteSize: 1, lastUsedAt: 1 });
    await db.photos.delete(older);
    asked.length = 0;
    await keepThumbnails(db, server);
    expect(await keptThumbs()).toEqual([newer]);
    expect(await db.photoImages.get([older, 'preview'])).toBeUndefined();
    expect(asked).toEqual([thumbOf(notUpYet)]);
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
  // Only Date is faked: the viewing times are set by the test, while IndexedDB's own timers run as usual.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const viewedAt = (minute: number) => vi.setSystemTime(Date.UTC(2026, 10, 25, 10, minute));

  it('keeps previews within the budget, the least recently viewed going first', async () => {
    const [a, b, c] = [await syncedPhoto(1), await syncedPhoto(2), await syncedPhoto(3)];
    const preview = () => new Blob([new Uint8Array(400)]);
    viewedAt(1);
    await keepPreview(db, a, preview(), 1000);
    viewedAt(2);
    await keepPreview(db, b, preview(), 1000);
    viewedAt(3);
    // Viewing `a` again makes `b` the least recently viewed.
    await db.photoImages.update([a, 'preview'], { lastUsedAt: Date.now() });
    viewedAt(4);
    await keepPreview(db, c, preview(), 1000);
    const kept = (await db.photoImages.toArray()).map((image) => image.photoId);
    expect(new Set(kept)).toEqual(new Set([a, c]));
  });
});

/** A voice note synced to the device, recorded `minute` minutes into the day. */
async function syncedVoiceNote(minute: number, family = familyId): Promise<string> {
  const id = crypto.randomUUID();
  await db.voiceNotes.put({
    id,
    familyId: family,
    authorId: crypto.randomUUID(),
    messageId: crypto.randomUUID(),
    photoId: null,
    commentId: null,
    durationMs: 4_000,
    peaks: Array.from({ length: 64 }, () => 50),
    createdAt: new Date(Date.UTC(2026, 10, 25, 9, minute)).toISOString(),
  });
  return id;
}

describe('keepVoiceClips', () => {
  it("keeps the newest voice notes of each family to play offline, and the person's own recording until it is back", async () => {
    const otherFamily = crypto.randomUUID();
    const ours = [];
    for (let minute = 0; minute <= keptVoiceNotesPerFamily; minute += 1) ours.push(await syncedVoiceNote(minute));
    const theirs = await syncedVoiceNote(0, otherFamily);
    const [oldest, ...newest] = ours;
    // Recorded here a moment ago, its row not pulled yet: kept.
    const ownId = crypto.randomUUID();
    await db.voiceClips.put({ voiceNoteId: ownId, familyId, blob: new Blob(['mine']), keptAt: Date.now() });
    const asked: string[] = [];
    const server: FetchImage = async (url) => {
      asked.push(url);
      return new Blob([url], { type: 'audio/mp4' });
    };
    await keepVoiceClips(db, server);
    const kept = new Set(await db.voiceClips.toCollection().primaryKeys());
    expect(kept).toEqual(new Set([...newest, theirs, ownId]));
    expect(asked).not.toContain(voiceAudioUrl({ id: oldest!, familyId }));

    // A newer one arrives: the oldest kept of the family goes, and only the new one is fetched.
    const newer = await syncedVoiceNote(59);
    asked.length = 0;
    await keepVoiceClips(db, server);
    expect(asked).toEqual([voiceAudioUrl({ id: newer, familyId })]);
    expect(await db.voiceClips.get(newest[0]!)).toBeUndefined();
    expect(await db.voiceClips.get(newer)).toBeDefined();
  });

  it('stops at the first failure of the network, keeping what it had', async () => {
    const first = await syncedVoiceNote(1);
    await syncedVoiceNote(2);
    await db.voiceClips.put({ voiceNoteId: first, familyId, blob: new Blob(['kept']), keptAt: 1 });
    const offline: FetchImage = async () => {
      throw new TypeError('Failed to fetch');
    };
    await keepVoiceClips(db, offline);
    expect(await db.voiceClips.toCollection().primaryKeys()).toEqual([first]);
  });
});
