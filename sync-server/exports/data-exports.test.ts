import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { syncedTables, type SyncedTable } from '../../schema/index.ts';
import { diskPhotoStorage, type PhotoStorage } from '../photos/photo-storage.ts';
import { archivedIn } from '../repositories/archive-repository.ts';
import { signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice } from '../testing/test-device.ts';
import { phonePhoto, uploadPhotoFile } from '../testing/test-photos.ts';
import { probeBytes, recording, uploadVoiceFile } from '../testing/test-voice.ts';
import { writeOneOfEach } from '../testing/one-of-each.ts';
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
    sonsPhone.timeZone = 'Asia/Tokyo';
    const { familyId } = await createFamily(grandmasPhone, 'The Okonkwos');
    const { familyId: hers } = await createFamily(grandmasPhone, 'Her Book Club');
    await addMember(context.sql, familyId, son.user.id);
    const original = await phonePhoto({ width: 400, height: 300 });
    const [postId, photoId] = [randomUUID(), randomUUID()];
    await uploadPhotoFile(app, son.cookie, { familyId, photoId, bytes: original });
    const [voiceNoteId, recorded] = [randomUUID(), await recording('chromeWebm', { seconds: 2 })];
    expect((await uploadVoiceFile(app, son.cookie, { familyId, voiceNoteId, bytes: recorded })).statusCode).toBe(201);
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
    // His families with how he is related, and to whom.
    expect(JSON.parse(entries.get('data/families.json')!.toString())).toEqual([
      expect.objectContaining({ name: 'The Okonkwos', relationshipType: 'other', relativeTo: grandma.username }),
    ]);
    const posts = JSON.parse(entries.get('data/posts.json')!.toString());
    expect(posts).toEqual([
      expect.objectContaining({ id: postId, content: 'We landed <safely>', photoIds: [photoId] }),
    ]);
    expect(posts[0].comments).toEqual([expect.objectContaining({ by: grandma.username, content: 'Welcome home' })]);
    const index = entries.get('index.html')!.toString();
    expect(index).toContain('We landed &#60;safely&#62;');
    expect(index).toContain(`src="photos/${photoId}.jpg"`);
    expect(index).toContain('Home!');
    // His times as his phone shows them, in Tokyo, not UTC's.
    const [message] = JSON.parse(entries.get('data/messages.json')!.toString());
    const tokyo = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Tokyo' });
    expect(index).toContain(`Home!<br><span class="muted">${tokyo.format(new Date(message.createdAt))}</span>`);
    expect(index).not.toContain(' UTC');
    // His voice note as he recorded it, and the copy every browser plays, with a player in the index.
    expect(entries.get(`voice-notes/${voiceNoteId}.webm`)?.equals(recorded)).toBe(true);
    const playable = await probeBytes(entries.get(`voice-notes/${voiceNoteId}-playable.m4a`)!);
    expect(playable).toMatchObject({ codec: 'aac' });
    expect(index).toContain(`<audio controls preload="none" src="voice-notes/${voiceNoteId}-playable.m4a">`);
    expect(index).toContain('0:02');
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

  it('holds their rows of every synced table', async () => {
    const grandma = await signUp(app);
    const son = await signUp(app);
    await writeOneOfEach(app, context.sql, { author: son, other: grandma });
    expect((await ask(son, 'POST', '/api/exports')).statusCode).toBe(202);
    await buildNextExport(context.sql, storage);
    const { export: ready } = (await ask(son, 'GET', '/api/exports/latest')).json();
    const entries = await readZip((await ask(son, 'GET', `/api/exports/${ready.id}/download`)).rawPayload);
    const rowsIn = (table: SyncedTable) =>
      JSON.parse(entries.get(`data/${archivedIn[table]}.json`)?.toString() ?? '[]');
    const empty = syncedTables.filter((table) => rowsIn(table).length === 0);
    expect(empty).toEqual([]);
    // The people he tagged, by name, in the page a person reads too.
    expect(entries.get('index.html')?.toString()).toContain(`${grandma.user.username} in “Beach”`);
  });

  // The check above finds a file empty; a table put in another table's file (its query forgotten) would pass it.
  it('gives every synced table a file of its own, but memberships, which their families list', () => {
    const sharing = syncedTables.filter((table) =>
      syncedTables.some((other) => other !== table && archivedIn[other] === archivedIn[table]),
    );
    expect(sharing).toEqual(['families', 'members']);
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
