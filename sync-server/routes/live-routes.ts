import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { liveQuerySchema, type Poke } from '../../schema/index.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { apiError, errorResponses } from '../plugins/route-schemas.ts';
import { signedIn } from '../plugins/session.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import type { SessionRepository } from '../repositories/session-repository.ts';
import type { SyncNotifier } from '../sync-notifier.ts';
import { createLiveFamilies } from './support/live-families.ts';
import { requireCurrentProtocol } from './support/protocol-version.ts';

export type LiveRoutesOptions = {
  sql: Sql;
  sessions: SessionRepository;
  notifier: SyncNotifier;
  heartbeatMs: number;
};

const liveSchema = {
  summary: 'Pokes: a server-sent event stream saying which family moved on (schema/sync.ts, the live channel)',
  querystring: liveQuerySchema,
  response: {
    200: {
      description:
        'A stream that starts with `event: ready`, then sends `event: poke` with `{ familyId, version }` whenever ' +
        'one of the user’s families moves on, and `event: heartbeat` with `{}` every few seconds; it ends when the ' +
        'session does. When changes may have been missed, it pokes again for every family at its version now.',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    ...errorResponses(400, 401),
    426: apiError('`update_required`: the device speaks an older sync protocol'),
    429: apiError('Too many streams open for this person'),
    503: apiError('The server is shutting down'),
  },
};

type OpenStream = {
  close(): void;
  /** Pokes for every family of its person's at its version now. */
  catchUp(): Promise<void>;
};

/**
 * `GET /api/sync/live`: a server-sent event stream that pokes the device whenever one of the user's families moves
 * on. A poke only says "pull"; the changes themselves come from `POST /api/sync/pull`.
 */
export const liveRoutes: FastifyPluginAsyncZod<LiveRoutesOptions> = async (
  app,
  { sql, sessions, notifier, heartbeatMs },
) => {
  const families = createFamilyRepository(sql);
  const openStreams = new Set<OpenStream>();
  /** Open streams per person: a phone, a tablet and a few tabs each, never thousands. */
  const streamsOf = new Map<string, number>();
  const streamsPerPerson = 20;
  let closing = false;
  const closeAll = () => {
    for (const stream of openStreams) stream.close();
  };

  // Changes published while this instance was not listening never became pokes: every stream is poked again for each
  // of its person's families, and its device pulls if it is behind. One that cannot be caught up (the database is
  // failing again) ends instead: its device pulls when it opens the next. Cheaper than ending them all, which would
  // have every device reconnect and pull at the same moment.
  const stopWatchingMissed = notifier.onChangesMissed(() => {
    app.log.warn({ streams: openStreams.size }, 'live: changes may have been missed, poking every stream again');
    for (const stream of openStreams) {
      stream.catchUp().catch((error: unknown) => {
        app.log.warn({ err: error }, 'live: a stream not caught up is ended');
        stream.close();
      });
    }
  });
  app.addHook('onClose', async () => stopWatchingMissed());
  // Before the server stops accepting: an open stream would otherwise keep `app.close()` waiting forever.
  app.addHook('preClose', async () => {
    closing = true;
    closeAll();
  });

  /**
   * Takes one of the person's streams at once, before anything is awaited, so that streams opened together cannot all
   * find one left: answers how to give it back (once), or null when they have none left.
   */
  function takeStream(userId: string): (() => void) | null {
    const open = streamsOf.get(userId) ?? 0;
    if (open >= streamsPerPerson) return null;
    streamsOf.set(userId, open + 1);
    let givenBack = false;
    return () => {
      if (givenBack) return;
      givenBack = true;
      const left = (streamsOf.get(userId) ?? 1) - 1;
      if (left === 0) streamsOf.delete(userId);
      else streamsOf.set(userId, left);
    };
  }

  /** Signed out, or signed out elsewhere by a password change: the stream must not outlive its session. */
  async function sessionIsValid(tokenHash: Buffer, userId: string): Promise<boolean> {
    const session = await sessions.find(tokenHash);
    return session !== null && !session.expired && session.user.id === userId;
  }

  app.get('/api/sync/live', { preValidation: app.requireUser, schema: liveSchema }, async (request, reply) => {
    const { user, tokenHash } = signedIn(request);
    requireCurrentProtocol(request.query.protocolVersion);
    const giveBackStream = takeStream(user.id);
    // The device falls back to pulling every few minutes: refusing a stream costs it nothing but pokes.
    if (!giveBackStream) throw new HttpError(429, { error: serverMessages.tooManyLiveStreams });
    const response = reply.raw;
    const memberOf = createLiveFamilies(() => families.familyIdsOf(user.id));
    let streaming = false;
    const send = (text: string) => {
      if (streaming) response.write(text);
    };
    const poke = (poked: Poke) => send(`event: poke\ndata: ${JSON.stringify(poked)}\n\n`);

    // Subscribed before the families are read and the stream opens: a device pulls whenever its stream (re)opens, so
    // a change committed before then is in that pull and every later one is poked.
    const unsubscribe = notifier.subscribe((change) => {
      const poked = { familyId: change.familyId, version: change.version };
      if (change.membershipChanged.includes(user.id)) {
        // Joined (the family is new to the device) or removed (its pull answers "drop"): poke either way.
        poke(poked);
        memberOf.refresh().catch((error: unknown) => request.log.warn({ err: error }, 'live: families not re-read'));
      } else if (memberOf.has(change.familyId) && (!change.seenOnlyBy || change.seenOnlyBy.includes(user.id))) {
        poke(poked);
      }
    });
    try {
      await memberOf.refresh();
    } catch (error) {
      unsubscribe();
      giveBackStream();
      throw error;
    }
    if (closing) {
      unsubscribe();
      giveBackStream();
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
    let checkingSession = false;
    // A named event, not a comment: the browser's EventSource hides comments, and the device needs to hear something
    // regularly to notice a connection that died without closing.
    const heartbeat = setInterval(() => {
      send('event: heartbeat\ndata: {}\n\n');
      if (checkingSession) return;
      checkingSession = true;
      sessionIsValid(tokenHash, user.id)
        .then(
          (valid) => {
            if (!valid) close();
          },
          // The database may be down for a moment: the session is checked again at the next heartbeat.
          (error: unknown) => request.log.warn({ err: error }, 'live: session not checked'),
        )
        .finally(() => {
          checkingSession = false;
        });
    }, heartbeatMs);
    // A session of theirs ended somewhere (signed out, a password changed): if it was this one, the stream ends now.
    const stopWatchingSessions = notifier.onAccountChanged((userId) => {
      if (userId !== user.id) return;
      sessionIsValid(tokenHash, user.id).then(
        (valid) => {
          if (!valid) close();
        },
        (error: unknown) => request.log.warn({ err: error }, 'live: session not checked'),
      );
    });
    const close = () => {
      if (!streaming) return;
      streaming = false;
      clearInterval(heartbeat);
      unsubscribe();
      stopWatchingSessions();
      openStreams.delete(stream);
      giveBackStream();
      response.end();
    };
    const stream: OpenStream = {
      close,
      // The families it poked for and those it pokes for now: one left meanwhile is poked too, and its pull drops it.
      async catchUp() {
        const before = memberOf.ids();
        await memberOf.refresh();
        for (const poked of await families.versionsOf([...new Set([...before, ...memberOf.ids()])])) poke(poked);
      },
    };
    openStreams.add(stream);
    response.on('close', close);
    // The device may have gone while the families were read: then no 'close' event is coming.
    if (request.raw.socket.destroyed) return close();
    send('event: ready\ndata: {}\n\n');
  });
};
