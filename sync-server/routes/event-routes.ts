import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  createEventBodySchema,
  idParamsSchema,
  rsvpBodySchema,
  type EventAttendee,
  type FamilyEvent,
} from '../../schema/index.ts';
import { eventCalendar } from '../calendar/event-calendar.ts';
import type { Sql } from '../database.ts';
import { HttpError, serverMessages } from '../http-errors.ts';
import { mutators } from '../mutators/index.ts';
import { signedIn } from '../plugins/session.ts';
import { parseBody, parseParams } from '../plugins/validation.ts';
import { createEventRepository } from '../repositories/event-repository.ts';
import { createFamilyRepository } from '../repositories/family-repository.ts';
import { requireMembership } from './support/family-access.ts';
import type { MutationRunner } from './support/run-mutation.ts';

/** Spec §7's event routes, on the same mutators as sync (issue 14). */
export const eventRoutes: FastifyPluginAsync<{ sql: Sql; runMutation: MutationRunner }> = async (
  app,
  { sql, runMutation },
) => {
  const families = createFamilyRepository(sql);
  const events = createEventRepository(sql);

  /** The family's events by start. */
  app.get('/api/families/:id/events', { preHandler: app.requireUser }, async (request): Promise<FamilyEvent[]> => {
    const { id: familyId } = parseParams(idParamsSchema, request);
    const seen = await events.seenBy(familyId, signedIn(request).user.id);
    if (!seen) throw new HttpError(404, { error: serverMessages.notFound });
    return seen;
  });

  /** Creates an event; the body's `familyId`, where sent (the spec's screen does), must be the path's. */
  app.post('/api/families/:id/events', { preHandler: app.requireUser }, async (request, reply) => {
    const { user } = signedIn(request);
    const { id: familyId } = parseParams(idParamsSchema, request);
    const {
      familyId: named,
      timeZone,
      allDay,
      startDate,
      endDate,
      ...fields
    } = parseBody(createEventBodySchema, request);
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
    return reply.code(201).send(created);
  });

  /** The caller's answer (spec §4 RSVP), until the event starts. */
  app.post('/api/events/:id/rsvp', { preHandler: app.requireUser }, async (request): Promise<EventAttendee> => {
    const { user } = signedIn(request);
    const { id: eventId } = parseParams(idParamsSchema, request);
    const { status } = parseBody(rsvpBodySchema, request);
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
  app.get('/api/events/:id/calendar.ics', { preHandler: app.requireUser }, async (request, reply) => {
    const { id: eventId } = parseParams(idParamsSchema, request);
    const event = await events.withVersion(eventId);
    if (!event) throw new HttpError(404, { error: serverMessages.notFound });
    await requireMembership(families, event.familyId, signedIn(request).user.id);
    // Named after the event in any script (RFC 6266's filename*), with a plain name for browsers that need one.
    const name =
      event.title
        .replace(/[^\p{L}\p{N} _-]+/gu, '')
        .trim()
        .slice(0, 60) || 'event';
    const disposition = `attachment; filename="event.ics"; filename*=UTF-8''${encodeURIComponent(name)}.ics`;
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', disposition)
      .send(eventCalendar(event.title, [event]));
  });

  /** The answers given to an event, which the spec's screen reads again after answering. */
  app.get('/api/events/:id/rsvps', { preHandler: app.requireUser }, async (request): Promise<EventAttendee[]> => {
    const { id: eventId } = parseParams(idParamsSchema, request);
    const event = await events.findRef(eventId);
    if (!event) throw new HttpError(404, { error: serverMessages.notFound });
    await requireMembership(families, event.familyId, signedIn(request).user.id);
    return events.answersTo(eventId);
  });
};
