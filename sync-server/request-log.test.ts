import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLogSerializers, withoutSecretTokens } from './request-log.ts';

const token = randomBytes(32).toString('base64url');

describe('withoutSecretTokens', () => {
  it('hides the token of a join page, also inside an encoded returnTo', () => {
    expect(withoutSecretTokens(`/join/${token}`)).toBe('/join/[token]');
    expect(withoutSecretTokens(`/join/${token}?from=share`)).toBe('/join/[token]?from=share');
    expect(withoutSecretTokens(`/signup?returnTo=%2Fjoin%2F${token}`)).toBe('/signup?returnTo=%2Fjoin%2F[token]');
    expect(withoutSecretTokens(`/login?returnTo=%2fJOIN%2f${token}`)).toBe('/login?returnTo=%2fJOIN%2f[token]');
  });

  it('hides the token of a calendar address', () => {
    expect(withoutSecretTokens(`/api/calendar/${token}.ics`)).toBe('/api/calendar/[token].ics');
  });

  it('leaves every other address as it is', () => {
    for (const url of [
      '/',
      '/families/join',
      '/api/invitations/lookup',
      '/joined/abc',
      '/feed?join=1',
      '/api/calendar-feed',
    ]) {
      expect(withoutSecretTokens(url)).toBe(url);
    }
  });
});

describe('request logs', () => {
  it('never carry the token of a join page', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream, serializers: requestLogSerializers } });
    app.get('/join/:token', async () => 'the join page');
    try {
      const response = await app.inject({ method: 'GET', url: `/join/${token}`, remoteAddress: '203.0.113.4' });
      expect(response.statusCode).toBe(200);
    } finally {
      await app.close();
    }
    const logged = lines.join('');
    expect(logged).not.toContain(token);
    const incoming = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'incoming request');
    expect(incoming.req).toMatchObject({ method: 'GET', url: '/join/[token]', remoteAddress: '203.0.113.4' });
  });
});
