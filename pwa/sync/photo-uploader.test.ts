import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HearthDb, PhotoUpload } from '../db/hearth-db.ts';
import { createPhotoUploader, type SendFile, type UploadOutcome } from './photo-uploader.ts';
import { createTestDb, testUser } from './testing/test-db.ts';
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

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('never happened');
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

  it('names no photo whose upload was let go while its file was on the way (a deleted chat message)', async () => {
    const dropped = await queuePhoto('Taxi');
    const sendFile: SendFile = async () => {
      await db.photoUploads.delete(dropped);
      return { kind: 'stored' };
    };
    const uploader = createPhotoUploader({ db, sendFile });
    uploader.kick();
    await until(async () => (await db.photoUploads.count()) === 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await photoCreates()).toEqual([]);
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
    uploader.kick();
    await until(async () => server.sent.length === 1);
    // The connection comes back: no need to wait out the pause.
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
    uploader.kick();
    await until(async () => server.sent.length === 1);
    expect(await db.photoUploads.get(photoId)).toMatchObject({ state: 'waiting' });
    expect(await photoCreates()).toEqual([]);
    uploader.stop();
  });
});
