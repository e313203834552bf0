import type { FastifyPluginAsync } from 'fastify';
import type { Poke } from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { serverMessages } from '../http-errors.ts';
import { signedIn } from '../plugins/session.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import type { SyncNotifier } from '../sync-notifier.ts';

export type LiveRoutesOptions = { sql: Sql; notifier: SyncNotifier; heartbeatMs: number };

/**
 * `GET /api/sync/live`: a server-sent event stream that pokes the device whenever one of the user's families moves
 * on. A poke only says "pull"; the changes themselves come from `POST /api/sync/pull`.
 */
export const liveRoutes: FastifyPluginAsync<LiveRoutesOptions> = async (app, { sql, notifier, heartbeatMs }) => {
  const families = createFamilyRepository(sql);
  const openStreams = new Set<() => void>();
  let closing = false;

  // Before the server stops accepting: an open stream would otherwise keep `app.close()` waiting forever.
  app.addHook('preClose', async () => {
    closing = true;
    for (const close of openStreams) close();
  });

  app.get('/api/sync/live', { preHandler: app.requireUser }, async (request, reply) => {
    const { user } = signedIn(request);
    const response = reply.raw;
    let memberOf = new Set<string>();
    let streaming = false;
    const send = (text: string) => {
      if (streaming) response.write(text);
    };
    const poke = (poked: Poke) => send(`event: poke\ndata: ${JSON.stringify(poked)}\n\n`);
    const readFamilies = async () => {
      memberOf = new Set(await families.familyIdsOf(user.id));
    };

    // Subscribed before the families are read and the stream opens: a device pulls whenever its stream (re)opens, so
    // a change committed before then is in that pull and every later one is poked.
    const unsubscribe = notifier.subscribe((change) => {
      const poked = { familyId: change.familyId, version: change.version };
      if (change.membershipChanged.includes(user.id)) {
        // Joined (the family is new to the device) or removed (its pull answers "drop"): poke either way.
        poke(poked);
        readFamilies().catch((error: unknown) => request.log.warn({ err: error }, 'live: families not re-read'));
      } else if (memberOf.has(change.familyId)) {
        poke(poked);
      }
    });
    try {
      await readFamilies();
    } catch (error) {
      unsubscribe();
      throw error;
    }
    if (closing) {
      unsubscribe();
      return reply.code(503).send({ error: serverMessages.shuttingDown });
    }

    // Written by hand from here on: Fastify's hooks (the security headers' included) no longer run for this reply.
    reply.hijack();
    response.writeHead(200, {
      ...app.securityHeaders(request),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and friends would otherwise hold pokes back in a buffer.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    streaming = true;
    const heartbeat = setInterval(() => send(': heartbeat\n\n'), heartbeatMs);
    const close = () => {
      if (!streaming) return;
      streaming = false;
      clearInterval(heartbeat);
      unsubscribe();
      openStreams.delete(close);
      response.end();
    };
    openStreams.add(close);
    response.on('close', close);
    // The device may have gone while the families were read: then no 'close' event is coming.
    if (request.raw.socket.destroyed) return close();
    send('event: ready\ndata: {}\n\n');
  });
};
