import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { logRequests, requestLogSerializers, withoutSecretTokens } from './request-log.ts';

const token = randomBytes(32).toString('base64url');

describe('withoutSecretTokens', () => {
  it('hides the token of a join page, also inside an encoded returnTo', () => {
    expect(withoutSecretTokens(`/join/${token}`)).toBe('/join/[token]');
    expect(withoutSecretTokens(`/join/${token}?from=share`)).toBe('/join/[token]');
    expect(withoutSecretTokens(`/signup?returnTo=%2Fjoin%2F${token}`)).toBe('/signup?returnTo=/join/[token]');
    expect(withoutSecretTokens(`/login?returnTo=%2fJOIN%2f${token}`)).toBe('/login?returnTo=/JOIN/[token]');
  });

  it('hides the token of a password reset link', () => {
    expect(withoutSecretTokens(`/reset-password/${token}`)).toBe('/reset-password/[token]');
  });

  it('hides the token of a calendar address', () => {
    expect(withoutSecretTokens(`/api/calendar/${token}.ics`)).toBe('/api/calendar/[token]');
  });

  it('hides the token of an address that is a calendar or join address once decoded, however it is spelt', () => {
    const encodedToken = [...token].map((character) => `%${character.charCodeAt(0).toString(16)}`).join('');
    for (const url of [
      `/api/calendar/..%2f${token}.ics`,
      `/api/calendar/..%2F..%2F${token}.ics`,
      `/api/calendar/%2e%2e%2f${token}.ics`,
      `/api/calendar%2F${token}.ics`,
      `/api%2fcalendar%2f${token}.ics`,
      `/api/calendar%252F${token}.ics`,
      `/api/calendar%25252f..%25252f${token}.ics`,
      `/api/calendar/${encodedToken}.ics`,
      `/API/Calendar/${token}.ics`,
      `//api//calendar//${token}.ics`,
      `/api\\calendar\\${token}.ics`,
      `/api/calendar/x/${token}.ics?again=${token}`,
      `/api/calendar/%zz/${token}.ics`,
      `/api/x/..%2fcalendar/${token}.ics`,
      `/join/..%2f${token}`,
      `/join%2F${token}`,
      `/signup?returnTo=%252Fjoin%252F${token}`,
    ]) {
      const logged = withoutSecretTokens(url);
      expect(logged, url).toMatch(/\[token\]$/);
      expect(logged, url).not.toContain(token);
      expect(logged, url).not.toContain(encodedToken);
    }
  });

  it('leaves every other address as it is', () => {
    for (const url of [
      '/',
      '/families/join',
      '/api/invitations/lookup',
      '/joined/abc',
      '/feed?join=1',
      '/api/calendar-feed',
      '/api/events/3f0c6b8e-8a3e-4c8e-9d7a-0d8f1f2a3b4c/calendar.ics',
      '/family-calendar',
      '/photos?album=%2Fx',
    ]) {
      expect(withoutSecretTokens(url)).toBe(url);
    }
  });
});

describe('request logs', () => {
  it('never carry the token of a join page or a calendar address, mangled or not', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({
      logger: { level: 'debug', stream, serializers: requestLogSerializers },
      logController: new LogController({ disableRequestLogging: true }),
    });
    logRequests(app);
    app.get('/join/:token', async () => 'the join page');
    app.get('/api/calendar/:file', async () => 'a calendar');
    // As the app's own (static-files.ts): Fastify's default one logs the address as it came, past the serializer.
    app.setNotFoundHandler(async (_request, reply) => reply.code(404).send());
    try {
      const response = await app.inject({ method: 'GET', url: `/join/${token}`, remoteAddress: '203.0.113.4' });
      expect(response.statusCode).toBe(200);
      for (const url of [`/api/calendar/..%2f${token}.ics`, `/api/calendar%252f${token}.ics`]) {
        await app.inject({ method: 'GET', url });
      }
    } finally {
      await app.close();
    }
    const logged = lines.join('');
    expect(logged).not.toContain(token);
    expect(decodeURIComponent(decodeURIComponent(logged))).not.toContain(token);
    const answered = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request completed');
    expect(answered.req).toMatchObject({ method: 'GET', url: '/join/[token]', remoteAddress: '203.0.113.4' });
  });

  it('say the ordinary ones at debug, once each, and a failure at info', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({
      logger: { level: 'debug', stream },
      logController: new LogController({ disableRequestLogging: true }),
    });
    logRequests(app);
    app.get('/api/fine', async () => ({ ok: true }));
    app.get('/api/broken', async () => {
      throw new Error('the disk is full');
    });
    try {
      await app.inject({ url: '/api/fine' });
      await app.inject({ url: '/api/broken' });
    } finally {
      await app.close();
    }
    const requests = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.msg === 'request completed')
      .map((entry) => [entry.res.statusCode, entry.level]);
    expect(requests).toEqual([
      [200, 20],
      [500, 30],
    ]);
  });
});
