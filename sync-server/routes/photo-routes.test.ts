import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejections, limits } from '../../schema/index.ts';
import { housekeepingPolicy, runHousekeeping } from '../housekeeping.ts';
import { forgetUnusedPhotoBytes, storageKeys } from '../photos/photo-files.ts';
import { diskPhotoStorage, s3PhotoStorage, type PhotoStorage } from '../photos/photo-storage.ts';
import { uploadMessages } from './photo-routes.ts';
import { signUp, useTestApp, type TestAccount } from '../testing/test-app.ts';
import { addMember, createFamily, TestDevice } from '../testing/test-device.ts';
import { iPhonePhoto, multipartFile, phonePhoto, uploadPhotoFile } from '../testing/test-photos.ts';

const context = useTestApp();

/** A local S3 peer for the object-storage backend: the same tests run against it as against the disk. */
let s3: S3rver;
const s3Port = 4500 + Math.floor(Math.random() * 400);

beforeAll(async () => {
  s3 = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    silent: true,
    directory: await mkdtemp(join(tmpdir(), 'hearth-s3-')),
    configureBuckets: [{ name: 'hearth-photos', configs: [] }],
  });
  await s3.run();
});

afterAll(async () => {
  await s3?.close();
});

const backends: Record<string, () => Promise<PhotoStorage>> = {
  disk: async () => diskPhotoStorage(await mkdtemp(join(tmpdir(), 'hearth-photos-'))),
  s3: async () =>
    s3PhotoStorage({
      bucket: 'hearth-photos',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${s3Port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: `run-${randomUUID()}/`,
    }),
};

/** A PNG that says it is `width` × `height` (a decompression bomb's header): refused before any pixel is decoded. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every EXIF field sharp can read from the bytes, GPS included: empty when the image carries none. */
async function exifOf(bytes: Buffer): Promise<Buffer | undefined> {
  return (await sharp(bytes).metadata()).exif;
}

describe.each(Object.keys(backends))('photos stored on %s', (backend) => {
  let app: FastifyInstance;
  let grandma: TestAccount;
  let son: TestAccount;
  let stranger: TestAccount;
  let grandmaDevice: TestDevice;
  let familyId: string;
  let storage: PhotoStorage;

  beforeAll(async () => {
    storage = await backends[backend]!();
    app = await context.buildApp({}, { photoStorage: storage });
    grandma = await signUp(app);
    son = await signUp(app);
    stranger = await signUp(app);
    grandmaDevice = new TestDevice(app, grandma);
    ({ familyId } = await createFamily(grandmaDevice, 'The Okafors'));
    await addMember(context.sql, familyId, son.user.id);
    await createFamily(new TestDevice(app, stranger), 'Strangers');
  });

  const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { cookie, ...headers } });

  it('keeps an upload, names it as a photo once, and shows it only to the family, without location', async () => {
    const original = await phonePhoto();
    expect(await exifOf(original)).toBeDefined();
    const photoId = randomUUID();
    const upload = await uploadPhotoFile(app, grandma.cookie, { familyId, photoId, bytes: original });
    expect(upload.statusCode).toBe(201);
    expect(upload.json()).toEqual({ photoId, width: 1200, height: 900 });
    // Sent again after a lost answer: the same answer, nothing stored twice.
    const again = await uploadPhotoFile(app, grandma.cookie, { familyId, photoId, bytes: original });
    expect(again.statusCode).toBe(200);

    const named = await grandmaDevice.send({
      name: 'photo.create',
      args: { photoId, familyId, albumId: null, title: 'Sunday lunch', description: null },
    });
    expect(named.results[0]?.status).toBe('applied');
    await grandmaDevice.pullAll();
    expect(grandmaDevice.rows.get(`photos/${photoId}`)).toMatchObject({
      title: 'Sunday lunch',
      imageUrl: `/api/photos/${photoId}/preview`,
      uploadedById: grandma.user.id,
    });

    // At the spec's address and at the app's, which names the family (decision 0068).
    const addresses = [`/api/photos/${photoId}`, `/api/families/${familyId}/photos/${photoId}`];
    for (const [address, size] of addresses.flatMap((at) => (['thumb', 'preview'] as const).map((s) => [at, s]))) {
      const shown = await get(`${address}/${size}`, son.cookie);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toBe('image/webp');
      expect(shown.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const { width, exif } = await sharp(shown.rawPayload).metadata();
      expect(width).toBe(size === 'thumb' ? 480 : 1200);
      expect(exif).toBeUndefined();
      const cached = await get(`${address}/${size}`, son.cookie, {
        'if-none-match': String(shown.headers.etag),
      });
      expect(cached.statusCode).toBe(304);
    }

    // The uploader's own original is byte for byte what she sent, in ranges too.
    const own = await get(`/api/photos/${photoId}/original`, grandma.cookie);
    expect(Buffer.compare(own.rawPayload, original)).toBe(0);
    // Saved under its title with the extension of its bytes, whatever the address says.
    expect(own.headers['content-disposition']).toBe(
      `attachment; filename="photo.jpg"; filename*=UTF-8''Sunday%20lunch.jpg`,
    );
    const part = await get(`/api/photos/${photoId}/original`, grandma.cookie, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${original.length}`);
    expect(Buffer.compare(part.rawPayload, original.subarray(0, 100))).toBe(0);
    // Another member's copy of the original carries no GPS, nor any other EXIF.
    const shared = await get(`/api/photos/${photoId}/original`, son.cookie);
    expect(shared.statusCode).toBe(200);
    expect(await exifOf(shared.rawPayload)).toBeUndefined();
    expect((await sharp(shared.rawPayload).metadata()).width).toBe(1200);
    // The viewer asks with HEAD whether to offer the download; an uploader who turns Photo Download off is obeyed.
    const asked = await app.inject({
      method: 'HEAD',
      url: `/api/photos/${photoId}/original`,
      headers: { cookie: son.cookie },
    });
    expect([asked.statusCode, asked.rawPayload.length]).toEqual([200, 0]);
    const turnOff = (photoDownload: boolean) =>
      app.inject({
        method: 'PATCH',
        url: '/api/settings',
        headers: { cookie: grandma.cookie },
        payload: { photoDownload },
      });
    expect((await turnOff(false)).statusCode).toBe(200);
    const refused = await get(`/api/photos/${photoId}/original`, son.cookie);
    expect([refused.statusCode, refused.json().error]).toEqual([403, uploadMessages.notAllowed]);
    const askedAgain = await app.inject({
      method: 'HEAD',
      url: `/api/photos/${photoId}/original`,
      headers: { cookie: son.cookie },
    });
    expect(askedAgain.statusCode).toBe(403);
    expect((await get(`/api/photos/${photoId}/original`, grandma.cookie)).statusCode).toBe(200);
    await turnOff(true);

    // Someone outside the family gets what an id that never existed gets.
    const foreign = await get(`/api/photos/${photoId}/thumb`, stranger.cookie);
    const random = await get(`/api/photos/${randomUUID()}/thumb`, stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(random.body);
    expect((await get(`${addresses[1]}/thumb`, stranger.cookie)).body).toBe(random.body);
    expect((await app.inject({ method: 'GET', url: `/api/photos/${photoId}/thumb` })).statusCode).toBe(401);
  });

  it('shows an iPhone’s HEIC photo to the family, upright and without location, and keeps the original as it was', async () => {
    const original = await iPhonePhoto();
    expect(await exifOf(original)).toBeDefined();
    const photoId = randomUUID();
    const upload = await uploadPhotoFile(app, grandma.cookie, {
      familyId,
      photoId,
      bytes: original,
      filename: 'IMG_0001.HEIC',
    });
    expect(upload.statusCode).toBe(201);
    expect(upload.json()).toEqual({ photoId, width: 96, height: 64 });
    const named = await grandmaDevice.send({
      name: 'photo.create',
      args: { photoId, familyId, albumId: null, title: 'IMG_0001', description: null },
    });
    expect(named.results[0]?.status).toBe('applied');

    /** The colour of the pixel at (x, y) of an image, as [r, g, b]. */
    const colourAt = async (bytes: Buffer, x: number, y: number) => {
      const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (y * info.width + x) * 3;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    };
    const thumb = await get(`/api/photos/${photoId}/thumb`, son.cookie);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(await exifOf(thumb.rawPayload)).toBeUndefined();
    const [left, right] = [await colourAt(thumb.rawPayload, 10, 32), await colourAt(thumb.rawPayload, 86, 32)];
    expect(left[0]).toBeGreaterThan(150); // red where the photo is red
    expect(right[2]).toBeGreaterThan(150); // blue where it is blue

    const shared = await get(`/api/photos/${photoId}/original`, son.cookie);
    expect(shared.headers['content-type']).toBe('image/jpeg');
    expect(shared.headers['content-disposition']).toBe(`attachment; filename="photo.jpg"; filename*=UTF-8''IMG_0001.jpg`);
    expect(await exifOf(shared.rawPayload)).toBeUndefined();
    expect((await sharp(shared.rawPayload).metadata()).width).toBe(96);
    const own = await get(`/api/photos/${photoId}/original`, grandma.cookie);
    expect(Buffer.compare(own.rawPayload, original)).toBe(0);
    expect(own.headers['content-disposition']).toBe(`attachment; filename="photo.heic"; filename*=UTF-8''IMG_0001.heic`);
  });

  it('lets a deleted photo’s bytes leave storage at housekeeping, unless another upload shares them', async () => {
    const bytes = await phonePhoto({ hue: 61 });
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const sonDevice = new TestDevice(app, son);
    const [grandmas, sons] = [randomUUID(), randomUUID()];
    for (const [account, device, photoId] of [
      [grandma, grandmaDevice, grandmas],
      [son, sonDevice, sons],
    ] as const) {
      expect((await uploadPhotoFile(app, account.cookie, { familyId, photoId, bytes })).statusCode).toBe(201);
      const named = await device.send({
        name: 'photo.create',
        args: { photoId, familyId, albumId: null, title: 'The same picture', description: null },
      });
      expect(named.results[0]?.status).toBe('applied');
    }
    // Housekeeping is for the whole server: what it did is read from this test's own rows and bytes.
    const housekeeping = async (now?: Date) => {
      await runHousekeeping(context.sql, now);
      await forgetUnusedPhotoBytes(context.sql, storage);
    };
    const fileRow = async (photoId: string) =>
      (await context.sql`select 1 from photo_files where photo_id = ${photoId}`).length === 1;
    const original = (of: Buffer) => storage.size(storageKeys.original(createHash('sha256').update(of).digest('hex')));

    await grandmaDevice.send({ name: 'photo.delete', args: { photoId: grandmas } });
    await housekeeping();
    expect(await fileRow(grandmas)).toBe(false);
    expect(await original(bytes)).toBe(bytes.length);
    expect((await get(`/api/photos/${sons}/thumb`, grandma.cookie)).statusCode).toBe(200);

    await sonDevice.send({ name: 'photo.delete', args: { photoId: sons } });
    await housekeeping();
    expect(await fileRow(sons)).toBe(false);
    expect(await original(bytes)).toBeNull();
    expect(await storage.size(storageKeys.display(sha256, 'thumb'))).toBeNull();

    // An upload no photo ever named goes after 30 days, not before.
    const unnamed = await phonePhoto({ hue: 62 });
    const unnamedId = randomUUID();
    await uploadPhotoFile(app, grandma.cookie, { familyId, photoId: unnamedId, bytes: unnamed });
    const days = (count: number) => new Date(Date.now() + count * 24 * 60 * 60 * 1000);
    await housekeeping(days(housekeepingPolicy.unnamedUploadsKeptDays - 1));
    expect([await fileRow(unnamedId), await original(unnamed)]).toEqual([true, unnamed.length]);
    await housekeeping(days(housekeepingPolicy.unnamedUploadsKeptDays + 1));
    expect([await fileRow(unnamedId), await original(unnamed)]).toEqual([false, null]);
  });

  it('lets the bytes of a family that went with its last member leave storage at housekeeping', async () => {
    const alone = await signUp(app);
    const device = new TestDevice(app, alone);
    const { familyId: ownFamily } = await createFamily(device, 'Just me');
    const bytes = await phonePhoto({ hue: 63 });
    const photoId = randomUUID();
    expect((await uploadPhotoFile(app, alone.cookie, { familyId: ownFamily, photoId, bytes })).statusCode).toBe(201);
    const named = await device.send({
      name: 'photo.create',
      args: { photoId, familyId: ownFamily, albumId: null, title: null, description: null },
    });
    expect(named.results[0]?.status).toBe('applied');
    const original = storageKeys.original(createHash('sha256').update(bytes).digest('hex'));
    expect(await storage.size(original)).toBe(bytes.length);

    const deleted = await app.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      headers: { cookie: alone.cookie },
      payload: { currentPassword: alone.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await context.sql`select 1 from photo_files where photo_id = ${photoId}`).toHaveLength(0);
    await runHousekeeping(context.sql);
    await forgetUnusedPhotoBytes(context.sql, storage);
    expect(await storage.size(original)).toBeNull();
  });

  it('refuses what is not a photo it can show, with a sentence for each, and keeps nothing', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c08040' } })
      .png()
      .toBuffer();
    const jpeg = await phonePhoto({ width: 400, height: 300 });
    const bomb = pngHeaderOnly(30_000, 30_000);
    const heic = await iPhonePhoto();
    const cases: [string, Buffer, number, string][] = [
      ['text behind a .jpg name', Buffer.from('not a photo at all, just words'), 415, uploadMessages.notAnImage],
      ['an empty file', Buffer.alloc(0), 415, uploadMessages.notAnImage],
      [
        'an SVG with a script',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        415,
        uploadMessages.notAnImage,
      ],
      ['a truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 422, uploadMessages.damaged],
      ['a truncated HEIC', heic.subarray(0, heic.length - 200), 422, uploadMessages.damaged],
      ['a 30,000 × 30,000 PNG', bomb, 422, uploadMessages.tooManyPixels],
      [
        '10 MB and one byte',
        Buffer.concat([png, Buffer.alloc(limits.photoMaxBytes + 1 - png.length)]),
        413,
        uploadMessages.tooLarge,
      ],
    ];
    for (const [label, bytes, status, message] of cases) {
      const photoId = randomUUID();
      const answer = await uploadPhotoFile(app, grandma.cookie, { familyId, photoId, bytes, filename: '../../x.jpg' });
      expect([label, answer.statusCode, answer.json().error]).toEqual([label, status, message]);
      const [kept] = await context.sql`select 1 from photo_files where photo_id = ${photoId}`;
      expect(kept, label).toBeUndefined();
    }
  });

  it('answers a body that is not a whole multipart upload with a 400 that says so', async () => {
    const { payload, headers } = multipartFile(await phonePhoto({ width: 40, height: 30 }));
    const bodies = [
      { headers: { 'content-type': 'multipart/form-data; boundary=zzz' }, payload: 'garbage' },
      { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary' },
      { headers, payload: payload.subarray(0, 200) },
      { headers: { 'content-type': 'application/json' }, payload: '{}' },
    ];
    for (const body of bodies) {
      const answer = await app.inject({
        method: 'POST',
        url: `/api/families/${familyId}/photos/${randomUUID()}/file`,
        headers: { ...body.headers, cookie: grandma.cookie },
        payload: body.payload,
      });
      expect([answer.statusCode, answer.json().error]).toEqual([400, uploadMessages.incomplete]);
    }
  });

  it('lets a photo name only its own person’s upload to its own family', async () => {
    const photoId = randomUUID();
    expect(
      (await uploadPhotoFile(app, grandma.cookie, { familyId, photoId, bytes: await phonePhoto() })).statusCode,
    ).toBe(201);
    const sonDevice = new TestDevice(app, son);
    const answer = await sonDevice.send({
      name: 'photo.create',
      args: { photoId, familyId, albumId: null, title: null, description: null },
    });
    expect(answer.results[0]).toMatchObject({ status: 'rejected', reason: rejections.photoFileMissing });
    // The spec's REST call names the photo by its address, and only an upload of one's own counts.
    const outside = await app.inject({
      method: 'POST',
      url: `/api/families/${familyId}/photos`,
      headers: { cookie: son.cookie },
      payload: { title: 'x', imageUrl: 'https://example.com/cat.jpg' },
    });
    expect(outside.statusCode).toBe(400);
    const mine = await app.inject({
      method: 'POST',
      url: `/api/families/${familyId}/photos`,
      headers: { cookie: grandma.cookie },
      payload: { title: '<b>Garden</b>', imageUrl: `/api/photos/${photoId}/preview` },
    });
    expect(mine.statusCode).toBe(201);
    expect(mine.json()).toMatchObject({ id: photoId, title: '<b>Garden</b>', uploadedBy: { id: grandma.user.id } });
  });

  it('lets a post show its author’s photos, even before their files are up, and nobody else’s', async () => {
    const mine = randomUUID();
    const stillUploading = randomUUID();
    await uploadPhotoFile(app, grandma.cookie, { familyId, photoId: mine, bytes: await phonePhoto({ hue: 90 }) });
    const postId = randomUUID();
    const posted = await grandmaDevice.send({
      name: 'post.create',
      args: { postId, familyId, content: 'Look at these', photoIds: [mine, stillUploading] },
    });
    expect(posted.results[0]?.status).toBe('applied');
    await grandmaDevice.pullAll();
    expect(grandmaDevice.rows.get(`posts/${postId}`)).toMatchObject({ photoIds: [mine, stillUploading] });

    const sonDevice = new TestDevice(app, son);
    const borrowed = await sonDevice.send({
      name: 'post.create',
      args: { postId: randomUUID(), familyId, content: 'Her photo, my post', photoIds: [mine] },
    });
    expect(borrowed.results[0]).toMatchObject({ status: 'rejected', reason: rejections.photoOfSomeoneElse });
  });

  it('makes albums, moves photos in and keeps them in All Photos when the album goes', async () => {
    const made = await app.inject({
      method: 'POST',
      url: `/api/families/${familyId}/albums`,
      headers: { cookie: son.cookie },
      payload: { name: 'Summer 2026' },
    });
    expect(made.statusCode).toBe(201);
    const albumId = made.json<{ id: string }>().id;
    for (const name of ['', 'x'.repeat(101)]) {
      const refused = await app.inject({
        method: 'POST',
        url: `/api/families/${familyId}/albums`,
        headers: { cookie: son.cookie },
        payload: { name },
      });
      expect(refused.statusCode).toBe(400);
    }
    const photoId = randomUUID();
    await uploadPhotoFile(app, grandma.cookie, { familyId, photoId, bytes: await phonePhoto({ hue: 60 }) });
    await grandmaDevice.send(
      { name: 'photo.create', args: { photoId, familyId, albumId, title: 'Beach', description: null } },
      { name: 'album.update', args: { albumId, name: 'Summer 2026', description: null, coverPhotoId: photoId } },
    );
    const albums = await get(`/api/families/${familyId}/albums`, grandma.cookie);
    expect(albums.json()).toEqual([expect.objectContaining({ id: albumId, coverPhotoId: photoId })]);

    // Only an album's maker or an admin gives it its cover: the son, a member, may not on his mother's album.
    const hersId = randomUUID();
    const hers = { albumId: hersId, name: 'Garden 2026', description: null };
    await grandmaDevice.send({ name: 'album.create', args: { ...hers, familyId } });
    const sonDevice = new TestDevice(app, son);
    const refused = await sonDevice.send({ name: 'album.update', args: { ...hers, coverPhotoId: photoId } });
    expect(refused.results[0]).toMatchObject({ status: 'rejected', reason: rejections.notYourAlbum });
    const after = (await get(`/api/families/${familyId}/albums`, grandma.cookie)).json<{ id: string }[]>();
    expect(after.find((album) => album.id === hersId)).toMatchObject({ coverPhotoId: null });
    await grandmaDevice.send({ name: 'album.delete', args: { albumId: hersId } });

    await grandmaDevice.send({ name: 'album.delete', args: { albumId } });
    await grandmaDevice.pullAll();
    expect(grandmaDevice.rows.has(`albums/${albumId}`)).toBe(false);
    expect(grandmaDevice.rows.get(`photos/${photoId}`)).toMatchObject({ albumId: null });
  });
});
