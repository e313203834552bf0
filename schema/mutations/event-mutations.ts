import { z } from 'zod';
import { rsvpStatusSchema } from '../entities.ts';
import { familyOfRow, id, optionalText, timestamp, timeZone } from '../fields.ts';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { eventTitle } from '../field-rules.ts';

/**
 * What an event is, as its creator set it. `startDate`/`endDate` are instants; `timeZone` is the creator's (for the
 * calendar file and for saying "3 pm in Lagos"); an all-day event's instants are midnight UTC of its days, shown as
 * those calendar days to everyone, wherever they are (pwa/features/events/event-times.ts).
 */
const eventFields = {
  title: eventTitle,
  description: optionalText(limits.eventDescriptionMax),
  location: optionalText(limits.eventLocationMax),
  startDate: timestamp,
  endDate: timestamp.nullable(),
  timeZone,
  allDay: z.boolean(),
};

const endNotBeforeStart = {
  check: (event: { startDate: string; endDate: string | null }) =>
    event.endDate === null || Date.parse(event.endDate) >= Date.parse(event.startDate),
  problem: { error: messages.endBeforeStart, path: ['endDate'] },
};

export const eventMutationArgs = {
  'event.create': z
    .strictObject({ eventId: id, familyId: id, ...eventFields })
    .refine(endNotBeforeStart.check, endNotBeforeStart.problem),
  /** Its creator or an admin. */
  'event.update': z
    .strictObject({ eventId: id, familyId: familyOfRow, ...eventFields })
    .refine(endNotBeforeStart.check, endNotBeforeStart.problem),
  /** Its creator or an admin; the answers go with it. */
  'event.delete': z.strictObject({ eventId: id, familyId: familyOfRow }),
  /** The person's own answer, until the event starts (as of when they answered). */
  'event.rsvp': z.strictObject({ eventId: id, familyId: familyOfRow, status: rsvpStatusSchema }),
} as const;
