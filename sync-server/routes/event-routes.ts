import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createEventBodySchema,
  eventAttendeeSchema,
  eventSchema,
  idParamsSchema,
  rsvpBodySchema,
} from '../../schema/index.ts';
import { eventCalendar } from '../calendar/event-calendar.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { mutators } from '../mutators/index.ts';
import { errorResponses, fileContent } from '../plugins/route-schemas.ts';
import { signedIn } from '../plugins/session.ts';
import { createEventRepository } from '../repositories/event-repository.ts';
import { createSyncRepository } from '../repositories/sync-repository.ts';
import { attachmentNamed } from './support/attachment.ts';
import { sendSeenByMember } from './support/family-access.ts';
import { mutationErrors, type MutationRunner } from './support/run-mutation.ts';

const schemas = {
  list: {
    summary: 'The family’s events by start',
    params: idParamsSchema,
    response: { 200: z.array(eventSchema), ...errorResponses(400, 401, 404) },
  },
  create: {
    summary: 'An event of the family; `familyId` in the body, where sent, must be the address’s',
    params: idParamsSchema,
    body: createEventBodySchema,
    response: { 201: eventSchema, ...mutationErrors },
  },
  rsvp: {
    summary: 'The caller’s answer to an event, until it starts',
    params: idParamsSchema,
    body: rsvpBodySchema,
    response: { 200: eventAttendeeSchema, ...mutationErrors },
  },
  calendarFile: {
    summary: 'Add to calendar: the event as an iCalendar file, updating the same entry when opened again',
    params: idParamsSchema,
    response: {
      200: fileContent('The event (`Content-Disposition: attachment`, named after it)', 'text/calendar'),
      ...errorResponses(400, 401, 404),
    },
  },
  answers: {
    summary: 'The answers given to an event',
    params: idParamsSchema,
    response: { 200: z.array(eventAttendeeSchema), ...errorResponses(400, 401, 404) },
  },
};

/** product.md §7's event routes, on the same mutators as sync. */
export const eventRoutes: FastifyPluginAsyncZod<{ sql: Sql; runMutation: MutationRunner }> = async (
  app,
  { sql, runMutation },
) => {
  const sync = createSyncRepository(sql);

  /**
   * The family of an event the spec's address names by its id alone, among the families the person is in (an id is
   * unique only in its family: decision 0068). Any other reads like an event that does not exist.
   */
  async function familyOfEvent(eventId: string, userId: string): Promise<string> {
    const familyId = await sync.familyOfRowSeenBy(userId, 'events', eventId);
    if (familyId === null) throw new HttpError(404, { error: serverMessages.notFound });
    return familyId;
  }
  const events = createEventRepository(sql);

  /** The family's events by start. */
  app.get(
    '/api/families/:id/events',
    { preValidation: app.requireUser, schema: schemas.list },
    async (request, reply) => {
      const { id: familyId } = request.params;
      return sendSeenByMember(reply, await events.seenByJson(familyId, signedIn(request).user.id));
    },
  );

  /** Creates an event; the body's `familyId`, where sent (the spec's screen does), must be the path's. */
  app.post(
    '/api/families/:id/events',
    { preValidation: app.requireUser, schema: schemas.create },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { id: familyId } = request.params;
      const { familyId: named, timeZone, allDay, startDate, endDate, ...fields } = request.body;
      if (named !== undefined && named !== familyId) {
        throw new HttpError(400, { error: 'familyId must be the family in the address', field: 'familyId' });
      }
      const eventId = randomUUID();
      await runMutation(user.id, request.log, async (tx, context) => ({
        change: await mutators['event.create'](tx, context, {
          eventId,
          familyId,
          ...fields,
          startDate: new Date(startDate).toISOString(),
          endDate: endDate === null ? null : new Date(endDate).toISOString(),
          timeZone: timeZone ?? 'UTC',
          allDay: allDay ?? false,
        }),
        result: null,
      }));
      const [created] = await events.ofFamily(familyId, eventId);
      if (!created) throw new Error(`event ${eventId} missing right after it was made`);
      return reply.code(201).send(created);
    },
  );

  /** The caller's answer (product.md §4 RSVP), until the event starts. */
  app.post('/api/events/:id/rsvp', { preValidation: app.requireUser, schema: schemas.rsvp }, async (request) => {
    const { user } = signedIn(request);
    const { id: eventId } = request.params;
    const { status } = request.body;
    await runMutation(user.id, request.log, async (tx, context) => ({
      change: await mutators['event.rsvp'](tx, context, { eventId, status }),
      result: null,
    }));
    return { eventId, userId: user.id, status };
  });

  /**
   * "Add to calendar": the event as an iCalendar file, for members of its family. The same UID every time, and a
   * higher SEQUENCE after each change, so opening it again updates the calendar's entry.
   */
  app.get(
    '/api/events/:id/calendar.ics',
    { preValidation: app.requireUser, schema: schemas.calendarFile },
    async (request, reply) => {
      const { id: eventId } = request.params;
      const event = await events.withVersion(eventId, await familyOfEvent(eventId, signedIn(request).user.id));
      if (!event) throw new HttpError(404, { error: serverMessages.notFound });
      const disposition = attachmentNamed(event.title, 'event', 'ics');
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', disposition)
        .send(eventCalendar(event.title, [event]));
    },
  );

  /** The answers given to an event, which the spec's screen reads again after answering. */
  app.get('/api/events/:id/rsvps', { preValidation: app.requireUser, schema: schemas.answers }, async (request) => {
    const { id: eventId } = request.params;
    return events.answersTo(await familyOfEvent(eventId, signedIn(request).user.id), eventId);
  });
};
