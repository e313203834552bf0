import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameMessages, type CreatedFrame, type FamilyFrame, type FramePhotos } from '../../schema/index.ts';
import { runHousekeeping } from '../housekeeping.ts';
import { openLiveStream, type LiveStream } from '../testing/live-stream.ts';
import { signUp, useTestApp } from '../testing/test-app.ts';
import { phonePhoto, photosWithLocation, uploadPhotoFile } from '../testing/test-photos.ts';
import { addMember, createFamily, TestDevice } from '../testing/test-device.ts';
import { frameCookieName } from './frame-routes.ts';

const context = useTestApp();
let app: FastifyInstance;
let baseUrl: string;
const streams: LiveStream[] = [];

beforeAll(async () => {
  app = await context.buildApp({}, { liveHeartbeatMs: 100 });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(() => {
  for (const stream of streams) stream.close();
});

/** A family with its admin, a plain member, and a photo the admin shared. */
async function family() {
  const admin = new TestDevice(app, await signUp(app));
  const { familyId } = await createFamily(admin, 'The Frames');
  const member = new TestDevice(app, await signUp(app));
  await addMember(context.sql, familyId, member.account.user.id);
  const photoId = await share(admin, familyId);
  return { familyId, admin, member, photoId };
}

async function share(device: TestDevice, familyId: string, bytes?: Buffer): Promise<string> {
  const photoId = randomUUID();
  const upload = await uploadPhotoFile(app, device.account.cookie, {
    familyId,
    photoId,
    bytes: bytes ?? (await phonePhoto()),
  });
  expect(upload.statusCode).toBe(201);
  await device.send({
    name: 'photo.create',
    args: { photoId, familyId, albumId: null, title: null, description: null },
  });
  return photoId;
}

async function makeLink(cookie: string, familyId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/families/${familyId}/frames`,
    headers: { cookie },
    payload: {},
  });
}

/** Opens a new link of the family as a new browser would: the frame's cookie. */
async function openFrame(adminCookie: string, familyId: string): Promise<{ cookie: string; frameId: string }> {
  const made = await makeLink(adminCookie, familyId);
  expect(made.statusCode).toBe(201);
  const { token, id } = made.json<CreatedFrame>();
  const opened = await app.inject({
    method: 'POST',
    url: '/api/frame/open',
    payload: { token },
  });
  expect(opened.statusCode).toBe(204);
  const cookie = opened.cookies.find((candidate) => candidate.name === frameCookieName);
  expect(cookie).toMatchObject({ httpOnly: true, path: '/api/frame' });
  return { cookie: `${frameCookieName}=${cookie!.value}`, frameId: id };
}

const photosOf = (cookie: string) => app.inject({ method: 'GET', url: '/api/frame/photos', headers: { cookie } });

describe('frame links', () => {
  it('are made by admins only, listed for them, and open once', async () => {
    const { familyId, admin, member } = await family();
    const refused = await makeLink(member.account.cookie, familyId);
    expect(refused.statusCode).toBe(403);

    const made = await makeLink(admin.account.cookie, familyId);
    expect(made.statusCode).toBe(201);
    const { token } = made.json<CreatedFrame>();
    const stored = await context.sql<{ hashes: string }[]>`select link_token_hash::text as hashes from frame_links`;
    expect(JSON.stringify(stored)).not.toContain(token);

    const opened = await app.inject({
      method: 'POST',
      url: '/api/frame/open',
      headers: {
        'user-agent': 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit Chrome/120 Safari/537.36',
      },
      payload: { token },
    });
    expect(opened.statusCode).toBe(204);
    const again = await app.inject({
      method: 'POST',
      url: '/api/frame/open',
      payload: { token },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: frameMessages.linkClosed });

    const listed = await app.inject({
      method: 'GET',
      url: `/api/families/${familyId}/frames`,
      headers: { cookie: admin.account.cookie },
    });
    expect(listed.json<FamilyFrame[]>()).toEqual([
      expect.objectContaining({
        device: 'Chrome on Android tablet',
        openedAt: expect.any(String),
      }),
    ]);
    const forMember = await app.inject({
      method: 'GET',
      url: `/api/families/${familyId}/frames`,
      headers: { cookie: member.account.cookie },
    });
    expect(forMember.statusCode).toBe(403);
  });

  it('show the family’s photos, who shared them and when, in display sizes only and without GPS', async () => {
    const { familyId, admin, photoId } = await family();
    const [located] = await photosWithLocation();
    const locatedId = await share(admin, familyId, located!.bytes);
    const { cookie } = await openFrame(admin.account.cookie, familyId);

    const photos = await photosOf(cookie);
    expect(photos.statusCode).toBe(200);
    const shown = photos.json<FramePhotos>();
    expect(shown.familyName).toBe('The Frames');
    expect(shown.photos.map((photo) => photo.id)).toEqual([locatedId, photoId]);
    expect(shown.photos[0]).toEqual({
      id: locatedId,
      sharedBy: admin.account.username,
      sharedAt: expect.any(String),
    });
    const unchanged = await app.inject({
      method: 'GET',
      url: '/api/frame/photos',
      headers: { cookie, 'if-none-match': photos.headers.etag as string },
    });
    expect(unchanged.statusCode).toBe(304);

    const preview = await app.inject({
      method: 'GET',
      url: `/api/frame/photos/${locatedId}/preview`,
      headers: { cookie },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    expect(preview.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
    const original = await app.inject({
      method: 'GET',
      url: `/api/frame/photos/${locatedId}/original`,
      headers: { cookie },
    });
    expect(original.statusCode).toBe(400);
  });

  it('is refused every person’s route, even of its own family', async () => {
    const { familyId, admin } = await family();
    const { cookie } = await openFrame(admin.account.cookie, familyId);
    for (const url of [
      `/api/families/${familyId}/posts`,
      `/api/families/${familyId}/messages?before=2`,
      `/api/families/${familyId}/members`,
      '/api/families',
      '/api/settings',
    ]) {
      // The cookie's path keeps browsers from sending it here at all; sent anyway, it opens nothing.
      const answer = await app.inject({
        method: 'GET',
        url,
        headers: { cookie },
      });
      expect(answer.statusCode, url).toBe(401);
    }
  });

  it('hears new photos of its own family live, and goes dark at once when an admin turns it off', async () => {
    const { familyId, admin } = await family();
    const { cookie, frameId } = await openFrame(admin.account.cookie, familyId);
    const stream = await openLiveStream(baseUrl, cookie, '/api/frame/live');
    streams.push(stream);
    expect(await stream.nextEvent()).toEqual({ event: 'ready', data: '{}' });

    // Another family's photo is not this frame's news.
    const other = await family();
    await share(other.admin, other.familyId);
    await expect(stream.next((event) => event.event === 'poke', 500)).rejects.toThrow(/no matching event/);

    const newPhotoId = await share(admin, familyId);
    expect(await stream.nextEvent(5000)).toEqual({ event: 'poke', data: '{}' });
    expect((await photosOf(cookie)).json<FramePhotos>().photos[0]?.id).toBe(newPhotoId);

    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/families/${familyId}/frames/${frameId}`,
      headers: { cookie: admin.account.cookie },
    });
    expect(revoked.statusCode).toBe(204);
    await stream.waitForEnd(5000);
    const dark = await photosOf(cookie);
    expect(dark.statusCode).toBe(401);
    const picture = await app.inject({
      method: 'GET',
      url: `/api/frame/photos/${newPhotoId}/preview`,
      headers: { cookie },
    });
    expect(picture.statusCode).toBe(401);
  });

  it('end after 30 days unused, by housekeeping', async () => {
    const { familyId, admin } = await family();
    const { cookie, frameId } = await openFrame(admin.account.cookie, familyId);
    await context.sql`update frame_links set last_seen_at = now() - interval '31 days' where id = ${frameId}`;
    expect((await photosOf(cookie)).statusCode).toBe(401);
    const report = await runHousekeeping(context.sql);
    expect(report.frames).toBeGreaterThanOrEqual(1);
    expect(await context.sql`select 1 from frame_links where id = ${frameId}`).toHaveLength(0);
  });
});
