import { rsvpKey } from '../../../schema/sync-protocol.ts';
import { deleteWithChildren } from '../row-writer.ts';
import { excerpt, type LocalMutators } from './local-mutator.ts';

export const eventMutators: LocalMutators<'event.create' | 'event.update' | 'event.delete' | 'event.rsvp'> = {
  'event.create': {
    async apply(writer, { eventId, familyId, ...fields }, { signedInUser, now }) {
      if (!(await writer.get('families', familyId)) || (await writer.get('events', eventId))) return;
      await writer.put('events', { id: eventId, familyId, createdById: signedInUser.id, ...fields, createdAt: now });
    },
    describe: ({ title }) => `Your event “${excerpt(title)}”`,
  },

  'event.update': {
    async apply(writer, { eventId, ...fields }) {
      const event = await writer.get('events', eventId);
      if (event) await writer.put('events', { ...event, ...fields });
    },
    describe: ({ title }) => `Your changes to “${excerpt(title)}”`,
  },

  'event.delete': {
    async apply(writer, { eventId }) {
      await deleteWithChildren(writer, 'events', eventId);
    },
    describe: () => 'Deleting an event',
  },

  'event.rsvp': {
    async apply(writer, { eventId, status }, { signedInUser, now }) {
      const event = await writer.get('events', eventId);
      if (!event) return;
      const id = rsvpKey({ eventId, userId: signedInUser.id });
      const answered = await writer.get('rsvps', id);
      if (answered?.status === status) return;
      await writer.put('rsvps', {
        id,
        familyId: event.familyId,
        eventId,
        userId: signedInUser.id,
        status,
        updatedAt: now,
      });
    },
    describe: ({ status }) =>
      status === 'attending'
        ? 'Your answer: attending'
        : status === 'not_attending'
          ? "Your answer: can't make it"
          : 'Your answer',
  },
};
