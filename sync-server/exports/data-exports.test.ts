import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { diskPhotoStorage, type PhotoStorage } from '../photos/photo-storage.ts';
import { signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice } from '../testing/test-device.ts';
import { phonePhoto, uploadPhotoFile } from '../testing/test-photos.ts';
import { readZip } from '../testing/read-zip.ts';
import { buildNextExport, forgetExpiredExports } from './data-exports.ts';

const context = useTestApp();
let app: FastifyInstance;
let storage: PhotoStorage;

beforeAll(async () => {
  storage = diskPhotoStorage(await mkdtemp(join(tmpdir(), 'hearth-exports-')));
  app = await context.buildApp({}, { photoStorage: storage });
});

const ask = (account: TestAccount, method: 'GET' | 'POST', url: string) =>
  app.inject({ method, url, headers: { cookie: account.cookie } });

describe('Download My Data', () => {
  it('makes one archive at a time, once a day, of what the person made, with their originals and an index.html', async () => {
    const grandma = await signUp(app);
    const son = await signUp(app);
    const grandmasPhone = new TestDevice(app, grandma);
    const sonsPhone = new TestDevice(app, son);
    const { familyId } = await createFamily(grandmasPhone, 'The Okonkwos');
    const { familyId: hers } = await createFamily(grandmasPhone, 'Her Book Club');
    await addMember(context.sql, familyId, son.user.id);
    const original = await phonePhoto({ width: 400, height: 300 });
    const [postId, photoId] = [randomUUID(), randomUUID()];
    await uploadPhotoFile(app, son.cookie, { familyId, photoId, bytes: original });
    await sonsPhone.send(
      { name: 'post.create', args: { postId, familyId, content: 'We landed <safely>', photoIds: [photoId] } },
      { name: 'photo.create', args: { photoId, familyId, albumId: null, title: 'Arrival', description: null } },
      { name: 'message.send', args: { messageId: randomUUID(), familyId, messageType: 'text', content: 'Home!' } },
    );
    await grandmasPhone.send(
      { name: 'comment.create', args: { commentId: randomUUID(), postId, content: 'Welcome home' } },
      { name: 'post.create', args: { postId: randomUUID(), familyId: hers, content: 'Book club secrets' } },
      {
        name: 'message.send',
        args: { messageId: randomUUID(), familyId, messageType: 'text', content: 'Her own words' },
      },
    );

    const asked = await ask(son, 'POST', '/api/exports');
    expect(asked.statusCode).toBe(202);
    expect(asked.json().export).toMatchObject({ status: 'waiting', progress: 0 });
    expect((await ask(son, 'POST', '/api/exports')).statusCode).toBe(409);

    const change = await buildNextExport(context.sql, storage);
    expect(change).toMatchObject({ familyId });
    expect(await buildNextExport(context.sql, storage)).toBeUndefined();
    const { export: ready } = (await ask(son, 'GET', '/api/exports/latest')).json();
    expect(ready).toMatchObject({ status: 'ready', progress: 100 });
    const tooSoon = await ask(son, 'POST', '/api/exports');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toContain('one archive a day');
    const [bell] =
      await context.sql`select type from notifications where user_id = ${son.user.id} and type = 'export_ready'`;
    expect(bell).toEqual({ type: 'export_ready' });

    const download = await ask(son, 'GET', `/api/exports/${ready.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="hearth-archive-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = await readZip(download.rawPayload);
    // The original as uploaded, location data and all: it is the uploader's own.
    expect(entries.get(`photos/${photoId}.jpg`)?.equals(original)).toBe(true);
    const posts = JSON.parse(entries.get('data/posts.json')!.toString());
    expect(posts).toEqual([
      expect.objectContaining({ id: postId, content: 'We landed <safely>', photoIds: [photoId] }),
    ]);
    expect(posts[0].comments).toEqual([expect.objectContaining({ by: grandma.username, content: 'Welcome home' })]);
    const index = entries.get('index.html')!.toString();
    expect(index).toContain('We landed &#60;safely&#62;');
    expect(index).toContain(`src="photos/${photoId}.jpg"`);
    expect(index).toContain('Home!');
    // Nothing of anyone else's but names and the context he sees: not her other family, her words, her email.
    const everything = [...entries.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    for (const hidden of ['Book club secrets', 'Her Book Club', 'Her own words', grandma.email]) {
      expect(everything).not.toContain(hidden);
    }

    // Only its person downloads it; after a week it is gone.
    expect((await ask(grandma, 'GET', `/api/exports/${ready.id}/download`)).statusCode).toBe(404);
    expect((await ask(son, 'GET', `/api/exports/${randomUUID()}/download`)).statusCode).toBe(404);
    expect((await ask(son, 'GET', '/api/exports/not-an-id/download')).statusCode).toBe(400);
    expect(await forgetExpiredExports(context.sql, storage, new Date(Date.now() + 8 * 86_400_000))).toBe(1);
    expect((await ask(son, 'GET', `/api/exports/${ready.id}/download`)).statusCode).toBe(404);
    expect((await ask(son, 'GET', '/api/exports/latest')).json()).toEqual({ export: null });
  });

  it('says an archive has expired once its week is over, and lets a failed one be asked for again', async () => {
    const person = await signUp(app);
    expect((await ask(person, 'POST', '/api/exports')).statusCode).toBe(202);
    await buildNextExport(context.sql, storage);
    const { export: ready } = (await ask(person, 'GET', '/api/exports/latest')).json();
    await context.sql`update data_exports set finished_at = now() - interval '8 days' where id = ${ready.id}`;
    expect((await ask(person, 'GET', `/api/exports/${ready.id}/download`)).statusCode).toBe(410);

    await context.sql`update data_exports set status = 'failed', requested_at = now() where id = ${ready.id}`;
    expect((await ask(person, 'POST', '/api/exports')).statusCode).toBe(202);
  });
});
