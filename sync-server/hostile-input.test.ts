import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { connect as connectTcp, type Socket } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { connectionPolicy } from './app.ts';
import { knownDeviceCookieName } from './routes/auth-routes.ts';
import { signUp, useTestApp } from './testing/test-app.ts';
import {
  calendarText,
  hostileCalendarTexts,
  onlyProperty,
  readCalendar,
  shownInCalendar,
  type CalendarComponent,
} from './testing/icalendar.ts';
import { addMember, createFamily, TestDevice } from './testing/test-device.ts';
import {
  eightyMegapixelWebp,
  hiddenAddress,
  jpegHeaderBomb,
  photosWithLocation,
  uploadPhotoFile,
} from './testing/test-photos.ts';
import { sharedContentType, sharedMaxPixels } from './photos/photo-images.ts';

/** What a hostile probe found (items 1 to 3): input PostgreSQL cannot store must never stall or crash. */
const context = useTestApp();

describe('input the database cannot store', () => {
  it('records the refusal of a mutation named with a NUL byte, and the queue goes on', async () => {
    const device = new TestDevice(context.app, await signUp(context.app));
    const { familyId } = await createFamily(device);
    const [bad] = device.queue({ name: 'post.create', args: { postId: randomUUID(), familyId, content: 'x' } });
    const response = await device.postPush([{ ...bad, name: 'post.create\u0000' }]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ results: [{ seq: bad!.seq, status: 'rejected' }] });

    const postId = randomUUID();
    const next = await device.send({ name: 'post.create', args: { postId, familyId, content: 'After the bad one' } });
    expect(next.results).toEqual([{ seq: bad!.seq + 1, status: 'applied' }]);
  });

  it('takes control characters out of free text, and what turns names around or hides in them', async () => {
    const account = await signUp(context.app);
    const profile = await context.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: account.cookie },
      payload: { firstName: 'Ro\u0000se\u202E', lastName: 'Gard\u001bn\u200Ber\u3164' },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ firstName: 'Rose', lastName: 'Gardner' });

    const device = new TestDevice(context.app, account);
    const { familyId } = await createFamily(device, '\u2067The Gardners\u2069\uFEFF');
    const [family] = await context.sql<{ name: string }[]>`select name from families where id = ${familyId}`;
    expect(family?.name).toBe('The Gardners');
    const postId = randomUUID();
    const answer = await device.send({ name: 'post.create', args: { postId, familyId, content: 'Line one\n\u0000Line two' } });
    expect(answer.results[0]).toMatchObject({ status: 'applied' });
    const [post] = await context.sql<{ content: string }[]>`select content from posts where id = ${postId}`;
    expect(post?.content).toBe('Line one\nLine two');

    const suggestion = await context.app.inject({
      method: 'POST',
      url: '/api/public/suggestions',
      payload: { suggestion: 'More \u0000photos' },
    });
    expect(suggestion.statusCode).toBeLessThan(300);
    const contact = await context.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        fullName: 'Rose\u0000',
        email: 'rose@example.test',
        messageType: 'general',
        subject: 'Hello\u0000',
        message: 'Hi\u0000 there',
      },
    });
    expect(contact.statusCode).toBeLessThan(300);
  });

  it('refuses a date PostgreSQL cannot store with a 400, not a 500', async () => {
    const account = await signUp(context.app);
    const { familyId } = await createFamily(new TestDevice(context.app, account));
    for (const before of ['0000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z', '1799-12-31T23:59:59Z']) {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/families/${familyId}/posts?before=${encodeURIComponent(before)}`,
        headers: { cookie: account.cookie },
      });
      expect(response.statusCode, before).toBe(400);
    }
    const fine = await context.app.inject({
      method: 'GET',
      url: `/api/families/${familyId}/posts?before=${encodeURIComponent('2026-01-01T00:00:00Z')}`,
      headers: { cookie: account.cookie },
    });
    expect(fine.statusCode).toBe(200);
  });
});

describe('calendar files', () => {
  const timedEvent = ['UID', 'SEQUENCE', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'LOCATION', 'DESCRIPTION'];
  const birthday = [
    'UID',
    'SEQUENCE',
    'DTSTAMP',
    'DTSTART;VALUE=DATE',
    'DTEND;VALUE=DATE',
    'X-MICROSOFT-CDO-ALLDAYEVENT',
    'X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT',
    'SUMMARY',
  ];
  /** A file's events, each with only the properties Hearth writes and nothing nested, under Hearth's own header. */
  function eventsOf(file: string): CalendarComponent[] {
    const calendar = readCalendar(file);
    expect(calendar.name).toBe('VCALENDAR');
    expect(calendar.properties.map((property) => property.name)).toEqual(['VERSION', 'PRODID', 'NAME', 'X-WR-CALNAME']);
    for (const entry of calendar.components) {
      expect(entry.name).toBe('VEVENT');
      expect(entry.components).toEqual([]);
      const names = entry.properties.map((property) => [property.name, ...property.params].join(';'));
      expect([timedEvent, birthday]).toContainEqual(names);
    }
    return calendar.components;
  }

  it('writes hostile titles, places, descriptions and names as text, never as properties of their own', async () => {
    const grandma = await signUp(context.app);
    const device = new TestDevice(context.app, grandma);
    const { familyId } = await createFamily(device);
    const son = await signUp(context.app);
    await addMember(context.sql, familyId, son.user.id);
    const names = ['Rose\r\nEND:VEVENT\r\nBEGIN:VEVENT', 'Tom\u2028ATTENDEE:mailto:x@example.test;Jr,'];
    for (const [account, firstName] of [grandma, son].map((account, index) => [account, names[index]!] as const)) {
      const profile = await context.app.inject({
        method: 'PATCH',
        url: '/api/auth/user',
        headers: { cookie: account.cookie },
        payload: { firstName, birthday: '--05-03' },
      });
      expect(profile.statusCode).toBe(200);
    }
    const startDate = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
    const eventIds = hostileCalendarTexts.map(() => randomUUID());
    const created = await device.send(
      ...hostileCalendarTexts.map((text, index) => ({
        name: 'event.create' as const,
        args: {
          eventId: eventIds[index]!,
          familyId,
          title: text,
          description: text,
          location: text,
          startDate,
          endDate: null,
          timeZone: 'Europe/London',
          allDay: false,
        },
      })),
    );
    expect(created.results.map((result) => result.status)).toEqual(hostileCalendarTexts.map(() => 'applied'));
    const stored = await context.sql<{ id: string; title: string }[]>`
      select id, title from events where family_id = ${familyId}
    `;
    const titleOf = new Map(stored.map((event) => [event.id, event.title]));

    // Add to calendar: one event, named after its title.
    for (const eventId of eventIds) {
      const file = await context.app.inject({
        method: 'GET',
        url: `/api/events/${eventId}/calendar.ics`,
        headers: { cookie: son.cookie },
      });
      expect(file.statusCode).toBe(200);
      const [entry, ...others] = eventsOf(file.body);
      expect(others).toEqual([]);
      const title = shownInCalendar(titleOf.get(eventId)!);
      expect(calendarText(onlyProperty(readCalendar(file.body), 'X-WR-CALNAME').value)).toBe(title);
      for (const name of ['SUMMARY', 'LOCATION', 'DESCRIPTION']) {
        expect(calendarText(onlyProperty(entry!, name).value)).toBe(title);
      }
    }

    // The calendar address: every event and both birthdays, twice (this year's and next year's).
    const address = await context.app.inject({
      method: 'POST',
      url: '/api/calendar-feed',
      headers: { cookie: son.cookie },
    });
    const feed = await context.app.inject({ method: 'GET', url: new URL(address.json<{ url: string }>().url).pathname });
    expect(feed.statusCode).toBe(200);
    const summaries = eventsOf(feed.body).map((entry) => calendarText(onlyProperty(entry, 'SUMMARY').value));
    expect(summaries.sort()).toEqual(
      [
        ...stored.map((event) => shownInCalendar(event.title)),
        ...names.flatMap((name) => Array(2).fill(`${shownInCalendar(name)}’s birthday`)),
      ].sort(),
    );
  });
});

describe('photos another member can get', () => {
  /** Grandma's upload of `bytes`, and what her son gets when he downloads its original. */
  async function sharedCopyOf(bytes: Buffer): Promise<LightMyRequestResponse> {
    const grandma = await signUp(context.app);
    const son = await signUp(context.app);
    const { familyId } = await createFamily(new TestDevice(context.app, grandma));
    await addMember(context.sql, familyId, son.user.id);
    const photoId = randomUUID();
    const upload = await uploadPhotoFile(context.app, grandma.cookie, { familyId, photoId, bytes });
    expect(upload.statusCode).toBe(201);
    await new TestDevice(context.app, grandma).send({
      name: 'photo.create',
      args: { photoId, familyId, albumId: null, title: null, description: null },
    });
    const url = `/api/photos/${photoId}/original`;
    return context.app.inject({ method: 'GET', url, headers: { cookie: son.cookie } });
  }

  it('re-encodes every format, GIF too, so no EXIF, XMP or comment with a location goes with it', async () => {
    for (const { label, bytes, contentType } of await photosWithLocation()) {
      expect(bytes.includes(hiddenAddress) || (await sharp(bytes).metadata()).exif !== undefined, label).toBe(true);
      const shared = await sharedCopyOf(bytes);
      expect([label, shared.statusCode]).toEqual([label, 200]);
      const copy = shared.rawPayload;
      const metadata = await sharp(copy).metadata();
      expect([label, metadata.exif, metadata.xmp, metadata.iptc, metadata.comments]).toEqual([
        label,
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      for (const text of [hiddenAddress, 'GPS', 'xmpmeta', 'Exif']) {
        expect(copy.includes(text), `${label}: ${text}`).toBe(false);
      }
      expect(shared.headers['content-type']).toBe(sharedContentType(contentType));
      // An animated GIF small enough to re-encode safely keeps its frames.
      if (contentType === 'image/gif') expect(metadata.pages).toBe(2);
    }
  });

  it('gives others a bounded copy of a 265-byte JPEG claiming 8000 × 8000, and of a valid 80 MP WebP', async () => {
    const bomb = await jpegHeaderBomb();
    expect(bomb.length).toBeLessThan(300);
    for (const [label, bytes] of [
      ['header bomb', bomb],
      ['80 MP WebP', await eightyMegapixelWebp()],
    ] as const) {
      const shared = await sharedCopyOf(bytes);
      expect([label, shared.statusCode]).toEqual([label, 200]);
      const { width = 0, height = 0 } = await sharp(shared.rawPayload).metadata();
      expect(width * height, label).toBeLessThanOrEqual(sharedMaxPixels);
      expect(width * height, label).toBeGreaterThan(sharedMaxPixels * 0.95);
    }
  }, 120_000);
});

describe('slow and many connections', () => {
  /**
   * Opens a connection that sends the start of a request, then a byte every `dripMs`: answers, once the server has
   * closed it, how long it was open and what the server said.
   */
  function drip(port: number, dripMs: number): Promise<{ openFor: number; answer: string }> {
    return new Promise((resolve) => {
      const started = Date.now();
      let answer = '';
      const socket = connectTcp(port, '127.0.0.1', () => {
        socket.write('POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n');
        socket.write('Content-Length: 1000\r\n\r\n{');
      });
      const timer = setInterval(() => socket.writable && socket.write(' '), dripMs);
      socket.on('data', (bytes) => {
        answer += bytes.toString();
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ openFor: Date.now() - started, answer });
      });
    });
  }

  it('closes a request that is still arriving when its time is up', async () => {
    const app = await context.buildApp({}, { requestTimeoutMs: 1_000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const { openFor, answer } = await drip(port, 200);
    // Closed by the server, not before its time; how soon after it is the machine's load, not the server's rule.
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(openFor).toBeGreaterThanOrEqual(900);
  });

  it('refuses more connections from one address than a household needs', async () => {
    const app = await context.buildApp({});
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const sockets = await Promise.all(
      Array.from(
        { length: connectionPolicy.connectionsPerAddress + 5 },
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connectTcp(port, '127.0.0.1', () => resolve(socket));
            socket.on('error', () => {});
          }),
      ),
    );
    // The server closes the connections over the limit: wait for those closes rather than for a while.
    const overLimit = sockets.length - connectionPolicy.connectionsPerAddress;
    await new Promise<void>((resolve) => {
      let closed = sockets.filter((socket) => socket.destroyed).length;
      if (closed >= overLimit) resolve();
      for (const socket of sockets) {
        socket.on('close', () => {
          closed += 1;
          if (closed >= overLimit) resolve();
        });
      }
    });
    const open = sockets.filter((socket) => !socket.destroyed && socket.readyState === 'open');
    expect(open.length).toBeLessThanOrEqual(connectionPolicy.connectionsPerAddress);
    for (const socket of sockets) socket.destroy();
  });
});

describe('limits a signed-in person cannot get around', () => {
  it('asks for the current password to change the email, and slows down a search for taken emails', async () => {
    const account = await signUp(context.app);
    const change = (email: string, currentPassword?: string) =>
      context.app.inject({
        method: 'PATCH',
        url: '/api/auth/user',
        headers: { cookie: account.cookie },
        payload: { email, ...(currentPassword === undefined ? {} : { currentPassword }) },
      });
    const missing = await change('new.address@example.test');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'currentPassword' });
    const wrong = await change('new.address@example.test', 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ field: 'currentPassword' });
    const names = await context.app.inject({
      method: 'PATCH',
      url: '/api/auth/user',
      headers: { cookie: account.cookie },
      payload: { firstName: 'Rose' },
    });
    expect(names.statusCode).toBe(200);

    const taken = await signUp(context.app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await change(attempt === 0 ? taken.email : `probe${attempt}@example.test`, account.password)).statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([409, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('stops a person making invitation links by the hundred', async () => {
    const account = await signUp(context.app);
    const { familyId } = await createFamily(new TestDevice(context.app, account));
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt += 1) {
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/families/${familyId}/invitations`,
        headers: { cookie: account.cookie },
        payload: {},
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('password guessing', () => {
  const logInWith = (email: string, password: string, cookie?: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('locks strangers out after five wrong passwords, but not the person on a browser they signed in from before', async () => {
    const account = await signUp(context.app);
    const first = await logInWith(account.email, account.password);
    const known = first.cookies.find((cookie) => cookie.name === knownDeviceCookieName);
    expect(known?.httpOnly).toBe(true);
    const knownCookie = `${known!.name}=${known!.value}`;

    const strangers: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) strangers.push((await logInWith(account.email, 'a wrong guess')).statusCode);
    expect(strangers).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await logInWith(account.email, account.password)).statusCode).toBe(429);

    expect((await logInWith(account.email, account.password, knownCookie)).statusCode).toBe(200);

    // The known browser's own wrong passwords are limited too, on its own count.
    const own: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      own.push((await logInWith(account.email, 'a typo in it', knownCookie)).statusCode);
    }
    expect(own.at(-1)).toBe(429);
  });
});
