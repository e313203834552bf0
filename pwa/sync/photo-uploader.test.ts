import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HearthDb, PhotoUpload } from '../db/hearth-db.ts';
import { createPhotoUploader, type SendFile, type UploadOutcome } from './photo-uploader.ts';
import { createTestDb, testUser } from './testing/test-db.ts';
import { uploadProgress } from './upload-progress.ts';
import { writeLocally } from './write.ts';

const ada = testUser('ada');
let db: HearthDb;
let familyId: string;

beforeEach(async () => {
  db = createTestDb();
  familyId = crypto.randomUUID();
  await writeLocally(db, { signedInUser: ada }, 'family.create', {
    familyId,
    memberId: crypto.randomUUID(),
    name: 'The Lovelaces',
  });
});

afterEach(async () => {
  await db.delete();
});

let queued = 0;
async function queuePhoto(title: string): Promise<string> {
  const photoId = crypto.randomUUID();
  queued += 1;
  await db.photoUploads.add({
    photoId,
    familyId,
    albumId: null,
    title,
    description: null,
    file: new Blob([`bytes of ${title}`], { type: 'image/jpeg' }),
    queuedAt: new Date(Date.UTC(2026, 10, 25, 10, 0, queued)).toISOString(),
    state: 'waiting',
  });
  return photoId;
}

/** A server answering each file with the outcomes given for its title, in turn; records what it was sent. */
function scriptedServer(script: Record<string, UploadOutcome[]>) {
  const sent: string[] = [];
  const sendFile: SendFile = async (upload: PhotoUpload, onProgress) => {
    sent.push(upload.title ?? '');
    onProgress(0.5);
    return script[upload.title ?? '']?.shift() ?? { kind: 'stored' };
  };
  return { sent, sendFile };
}

/** Resolves when the progress shown for a photo goes after a try: its answer is in, and the uploader acts on it. */
function triedOnce(photoId: string): Promise<void> {
  return new Promise((resolve) => {
    let shown = false;
    const stop = uploadProgress.subscribe(() => {
      if (uploadProgress.get().has(photoId)) shown = true;
      else if (shown) {
        stop();
        resolve();
      }
    });
  });
}

/** Resolves once `condition` holds: checked now and again after each write to the database, not on a clock. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  let changed = () => {};
  const onChange = () => changed();
  Dexie.on('storagemutated', onChange);
  try {
    for (;;) {
      const written = new Promise<void>((resolve) => {
        changed = resolve;
      });
      if (await condition()) return;
      await written;
    }
  } finally {
    Dexie.on('storagemutated').unsubscribe(onChange);
  }
}

const photoCreates = async () =>
  (await db.outbox.toArray()).filter((entry) => entry.name === 'photo.create').map((entry) => entry.args);

describe('the photo uploader', () => {
  it('uploads oldest first, then writes each photo once and lets its bytes go', async () => {
    const first = await queuePhoto('Beach');
    const second = await queuePhoto('Cake');
    const server = scriptedServer({});
    const uploader = createPhotoUploader({ db, sendFile: server.sendFile });
    uploader.kick();
    await until(async () => (await db.photoUploads.count()) === 0);
    expect(server.sent).toEqual(['Beach', 'Cake']);
    expect((await photoCreates()).map((args) => 'photoId' in args && args.photoId)).toEqual([first, second]);
    expect(await db.photos.get(first)).toMatchObject({ title: 'Beach', imageUrl: `/api/photos/${first}/preview` });
    uploader.stop();
  });

  it('lets the bytes go in the same transaction that writes the photo, so a reload never leaves both', async () => {
    const photoId = await queuePhoto('Harbour');
    const leftWith: string[][] = [];
    db.photoUploads.hook('deleting', (_key, _upload, transaction) => {
      leftWith.push([...transaction.storeNames]);
    });
    const uploader = createPhotoUploader({ db, sendFile: scriptedServer({}).sendFile });
    uploader.kick();
    await until(async () => (await db.photoUploads.count()) === 0);
    expect(await db.photos.get(photoId)).toMatchObject({ title: 'Harbour' });
    expect(leftWith).toHaveLength(1);
    expect(leftWith[0]).toEqual(expect.arrayContaining(['photos', 'outbox', 'photoUploads']));
    uploader.stop();
  });

  it('names no photo whose upload was let go while its file was on the way (a deleted chat message)', async () => {
    const dropped = await queuePhoto('Taxi');
    const next = await queuePhoto('Bus');
    const sendFile: SendFile = async (upload) => {
      if (upload.photoId === dropped) await db.photoUploads.delete(dropped);
      return { kind: 'stored' };
    };
    const uploader = createPhotoUploader({ db, sendFile });
    uploader.kick();
    // One file at a time, oldest first: once the next photo is written, the one let go has had its turn.
    await until(async () => (await db.photos.get(next)) !== undefined);
    expect((await photoCreates()).map((args) => 'photoId' in args && args.photoId)).toEqual([next]);
    expect(await db.photos.get(dropped)).toBeUndefined();
    uploader.stop();
  });

  it('keeps a refused file with the server’s sentence, and goes on with the next', async () => {
    const refused = await queuePhoto('Not a photo');
    const fine = await queuePhoto('Garden');
    const server = scriptedServer({ 'Not a photo': [{ kind: 'refused', problem: 'This file is not a photo' }] });
    const uploader = createPhotoUploader({ db, sendFile: server.sendFile });
    uploader.kick();
    await until(async () => (await db.photos.get(fine)) !== undefined);
    expect(await db.photoUploads.get(refused)).toMatchObject({ state: 'refused', problem: 'This file is not a photo' });
    expect(await db.photos.get(refused)).toBeUndefined();
    uploader.stop();
  });

  it('tries again when the answer was lost, and still writes the photo once', async () => {
    const photoId = await queuePhoto('Plane');
    // The server stored the file, but its answer never arrived: the second try is answered "already there".
    const server = scriptedServer({ Plane: [{ kind: 'retry' }] });
    const uploader = createPhotoUploader({ db, sendFile: server.sendFile });
    const firstTry = triedOnce(photoId);
    uploader.kick();
    await firstTry;
    // The connection comes back during the pause: no need to wait it out.
    uploader.kick();
    await until(async () => (await db.photoUploads.count()) === 0);
    expect(server.sent).toEqual(['Plane', 'Plane']);
    expect(await photoCreates()).toHaveLength(1);
    expect(await db.photos.get(photoId)).toBeDefined();
    uploader.stop();
  });

  it('keeps everything queued when the session is over, for the next sign-in', async () => {
    const photoId = await queuePhoto('Later');
    const server = scriptedServer({ Later: [{ kind: 'signed-out' }] });
    const uploader = createPhotoUploader({ db, sendFile: server.sendFile });
    const firstTry = triedOnce(photoId);
    uploader.kick();
    await firstTry;
    expect(await db.photoUploads.get(photoId)).toMatchObject({ state: 'waiting' });
    expect(await photoCreates()).toEqual([]);
    uploader.stop();
  });
});
