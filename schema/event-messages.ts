import type { RsvpStatus } from './entities.ts';

/** The spec's event and RSVP toasts (§8), kept apart from messages.ts so only the Events screen loads them. */
export const eventToasts = {
  created: { title: 'Success', description: 'Event created successfully!' },
  createFailed: { title: 'Error', description: 'Failed to create event. Please try again.' },
  saved: { title: 'Event updated' },
  saveFailed: { title: 'Error', description: 'Failed to save the event. Please try again.' },
  deleted: { title: 'Event deleted' },
  rsvpUpdated: (status: RsvpStatus) => ({
    title: 'RSVP Updated',
    description: `You are ${status === 'attending' ? 'attending' : status === 'not_attending' ? 'not attending' : 'undecided'} for this event.`,
  }),
  rsvpFailed: { title: 'Error', description: 'Failed to update RSVP. Please try again.' },
} as const;
