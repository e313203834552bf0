import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedAddressSchema, calendarFeedStateSchema } from '../../schema/index.ts';
import { eventCalendar } from '../calendar/event-calendar.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { siteOrigin } from '../plugins/request-guard.ts';
import { errorResponses, fileContent, noContent } from '../plugins/route-schemas.ts';
import { signedIn } from '../plugins/session.ts';
import { createCalendarFeedRepository } from '../repositories/calendar-feed-repository.ts';
import { createEventRepository } from '../repositories/event-repository.ts';

/** A calendar address's file name: the token (as `newSecretToken` makes them) and `.ics`. */
const feedFileSchema = z.strictObject({ file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/) });

const schemas = {
  state: {
    summary: 'Whether the caller’s private calendar address is on',
    response: { 200: calendarFeedStateSchema, ...errorResponses(401) },
  },
  replace: {
    summary: 'A new private calendar address, shown once; the one before stops working',
    response: { 201: calendarFeedAddressSchema, ...errorResponses(401) },
  },
  turnOff: {
    summary: 'Turns the private calendar address off',
    response: { 204: noContent('Off'), ...errorResponses(401) },
  },
  feed: {
    summary: 'The private calendar address: every event and birthday of the owner’s families',
    description:
      'No session: the token in the file name is the only permission (calendars send no cookies). A wrong, ' +
      'revoked or mangled address answers 404, as one that never existed.',
    // Any name is taken and checked in the handler: a mangled one must answer 404 like an unknown one, not 400.
    params: z.strictObject({ file: z.string().describe('`<token>.ics`') }),
    response: {
      200: fileContent('The calendar', 'text/calendar'),
      ...errorResponses(404),
    },
  },
};

/**
 * The family calendar in a phone's own calendar: each person may turn on a private address listing every
 * event and birthday of all their families, which Apple, Google and Outlook calendars fetch by themselves. The token
 * in the address is the only permission (calendars send no cookies); a new address replaces the old one, and turning
 * it off stops it at once.
 */
export const calendarRoutes: FastifyPluginAsyncZod<{ config: Config; sql: Sql }> = async (app, { config, sql }) => {
  const feeds = createCalendarFeedRepository(sql);
  const events = createEventRepository(sql);

  app.get('/api/calendar-feed', { preValidation: app.requireUser, schema: schemas.state }, async (request) => ({
    on: await feeds.isOn(signedIn(request).user.id),
  }));

  /** A new address, shown once (only its hash is kept): the one before stops working. */
  app.post(
    '/api/calendar-feed',
    { preValidation: app.requireUser, schema: schemas.replace },
    async (request, reply) => {
      const token = await feeds.replace(signedIn(request).user.id);
      return reply.code(201).send({ url: `${siteOrigin(config, request)}/api/calendar/${token}.ics` });
    },
  );

  app.delete(
    '/api/calendar-feed',
    { preValidation: app.requireUser, schema: schemas.turnOff },
    async (request, reply) => {
      await feeds.turnOff(signedIn(request).user.id);
      return reply.code(204).send();
    },
  );

  app.get('/api/calendar/:file', { schema: schemas.feed }, async (request, reply) => {
    const params = feedFileSchema.safeParse(request.params);
    const owner = params.success ? await feeds.ownerOf(params.data.file.slice(0, -'.ics'.length)) : null;
    // A wrong, revoked or mangled address answers as one that never existed.
    if (!owner) throw new HttpError(404, { error: serverMessages.notFound });
    const calendar = eventCalendar('Hearth: family events', await events.ofMember(owner), {
      birthdaysOf: await feeds.birthdaysOf(owner),
    });
    return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-cache').send(calendar);
  });
};
