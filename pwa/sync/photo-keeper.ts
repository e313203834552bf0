import { Dexie } from 'dexie';
import { photoFileUrl } from '../../schema/photo-urls.ts';
import { voiceAudioUrl } from '../../schema/voice-urls.ts';
import { isDeviceFull, type HearthDb, type PhotoImage } from '../db/hearth-db.ts';
import { signInAgain } from '../lib/api-client.ts';

/**
 * Keeps the family's photos viewable offline: thumbnails of the newest photos, fetched in the background
 * by the syncing tab, and the previews a person has opened, within a budget, the least recently viewed going first.
 * They live in the person's own database, so they go at sign-out with everything else; the service worker keeps no
 * family data.
 */

/** Thumbnails of this many of the newest photos are kept: about 30 KB each, so some 60 MB at most. */
export const keptThumbnails = 2_000;
/** Previews opened in the viewer are kept up to this many bytes (about 150 of them). */
export const previewBudgetBytes = 50 * 1024 * 1024;

/** A display size's bytes, or null when the server has none (a photo whose file is not up yet). Throws offline. */
export type FetchImage = (url: string) => Promise<Blob | null>;

export const fetchImageOverHttp: FetchImage = async (url) => {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (response.status === 401) signInAgain();
  return response.ok ? response.blob() : null;
};

/**
 * One pass: forgets the images of photos that are gone (deleted, or a family left), then fetches the missing
 * thumbnails of the newest photos, newest first, two at a time. Stops at the first failure of the network (the next
 * pass resumes) or when the device is full (a cache is not worth a person's storage).
 */
export async function keepThumbnails(db: HearthDb, fetchImage: FetchImage = fetchImageOverHttp): Promise<void> {
  const photos = await db.photos.toArray();
  const existing = new Set(photos.map((photo) => photo.id));
  const wanted = photos
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
    .slice(0, keptThumbnails);
  const wantedSet = new Set(wanted.map((photo) => photo.id));
  const kept = await db.photoImages.toCollection().primaryKeys();
  const unwanted = kept.filter(
    ([photoId, size]) => !existing.has(photoId) || (size === 'thumb' && !wantedSet.has(photoId)),
  );
  await db.photoImages.bulkDelete(unwanted);

  const keptThumbs = new Set(kept.filter(([, size]) => size === 'thumb').map(([photoId]) => photoId));
  const missing = wanted.filter((photo) => !keptThumbs.has(photo.id));
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      const photo = missing.shift();
      if (photo === undefined) return;
      try {
        const blob = await fetchImage(photoFileUrl(photo, 'thumb'));
        if (!blob) continue;
        // Gone while it was fetched: not kept.
        if (!(await db.photos.get(photo.id))) continue;
        const thumb = { photoId: photo.id, size: 'thumb' as const, blob, byteSize: blob.size, lastUsedAt: Date.now() };
        await db.photoImages.put(thumb);
      } catch {
        // Offline, or the device is full: the next pass tries again.
        stopped = true;
      }
    }
  };
  await Promise.all([worker(), worker()]);
}

/** Keeps a preview just shown, then lets the least recently viewed go until the previews fit the budget. */
export async function keepPreview(
  db: HearthDb,
  photoId: string,
  blob: Blob,
  budgetBytes = previewBudgetBytes,
): Promise<void> {
  try {
    await db.photoImages.put({ photoId, size: 'preview', blob, byteSize: blob.size, lastUsedAt: Date.now() });
  } catch (error) {
    if (isDeviceFull(error)) return;
    throw error;
  }
  await db.transaction('rw', db.photoImages, async () => {
    const previews = await db.photoImages
      .where('[size+lastUsedAt]')
      .between(['preview', Dexie.minKey], ['preview', Dexie.maxKey])
      .reverse()
      .toArray();
    let total = 0;
    const over: PhotoImage[] = [];
    for (const preview of previews) {
      total += preview.byteSize;
      if (total > budgetBytes) over.push(preview);
    }
    await db.photoImages.bulkDelete(over.map((preview) => [preview.photoId, preview.size] as [string, 'preview']));
  });
}

/** The newest voice notes of each family kept to play offline (decision 0058): some 200 KB a minute each. */
export const keptVoiceNotesPerFamily = 30;

/** A recording made on this device and not yet back from the server is kept this long before it counts as gone. */
const ownRecordingGraceMs = 24 * 60 * 60 * 1000;

/**
 * One pass for voice notes, as for thumbnails: forgets the sounds of voice notes that are gone or no longer among
 * the newest of their family, then fetches the newest ones missing, one at a time, stopping at the first failure.
 */
export async function keepVoiceClips(db: HearthDb, fetchAudio: FetchImage = fetchImageOverHttp): Promise<void> {
  const notes = await db.voiceNotes.toArray();
  const newestFirst = notes.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  const perFamily = new Map<string, number>();
  const wanted = new Set<string>();
  for (const note of newestFirst) {
    const count = perFamily.get(note.familyId) ?? 0;
    if (count >= keptVoiceNotesPerFamily) continue;
    perFamily.set(note.familyId, count + 1);
    wanted.add(note.id);
  }
  const existing = new Set(notes.map((note) => note.id));
  const kept: { voiceNoteId: string; keptAt: number }[] = [];
  await db.voiceClips.each(({ voiceNoteId, keptAt }) => void kept.push({ voiceNoteId, keptAt }));
  const now = Date.now();
  const unwanted = kept.filter(
    ({ voiceNoteId, keptAt }) =>
      !wanted.has(voiceNoteId) && (existing.has(voiceNoteId) || now - keptAt > ownRecordingGraceMs),
  );
  await db.voiceClips.bulkDelete(unwanted.map((clip) => clip.voiceNoteId));
  const keptIds = new Set(kept.map((clip) => clip.voiceNoteId));
  for (const note of newestFirst) {
    if (!wanted.has(note.id) || keptIds.has(note.id)) continue;
    try {
      const blob = await fetchAudio(voiceAudioUrl(note));
      if (!blob || !(await db.voiceNotes.get(note.id))) continue;
      await db.voiceClips.put({ voiceNoteId: note.id, familyId: note.familyId, blob, keptAt: Date.now() });
    } catch {
      // Offline, or the device is full: the next pass tries again.
      return;
    }
  }
}

/**
 * Runs `keepThumbnails` and `keepVoiceClips` whenever asked, one pass at a time: asked again during a pass, it makes
 * one more after it.
 */
export function createPhotoKeeper({ db, fetchImage }: { db: HearthDb; fetchImage?: FetchImage }) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const pass = async (): Promise<void> => {
    do {
      again = false;
      await keepThumbnails(db, fetchImage).catch((error: unknown) => {
        if (!stopped) console.warn('Could not keep photo thumbnails', error);
      });
      await keepVoiceClips(db, fetchImage).catch((error: unknown) => {
        if (!stopped) console.warn('Could not keep voice notes', error);
      });
    } while (again && !stopped);
    running = null;
  };
  return {
    kick(): void {
      if (stopped) return;
      if (running) again = true;
      else running = pass();
    },
    stop(): void {
      stopped = true;
    },
  };
}
export type PhotoKeeper = ReturnType<typeof createPhotoKeeper>;
