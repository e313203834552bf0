import type { FamilyNotification } from './entities.ts';
import { durationInExcerpt, voiceNoteLength } from './voice-notes.ts';

/** Where tapping a notification takes the person. */
export const notificationPath = {
  new_post: '/',
  post_comment: '/',
  new_event: '/events',
  event_rsvp: '/events',
  new_member: '/family-tree',
  chat_message: '/chat',
  event_tomorrow: '/events',
  event_soon: '/events',
  birthday: '/family-tree',
  new_photos: '/photos',
  export_ready: '/settings',
  memories: '/',
  photo_tag: '/photos',
} as const satisfies Record<FamilyNotification['type'], string>;

/** What an answer says, before the event's name. */
const answers: Record<string, string> = {
  attending: 'is coming to',
  not_attending: "can't make it to",
  pending: 'is not sure yet about',
};

/** The kinds about one event, whose `relatedId` is that event: tapping one opens it. */
const aboutAnEvent: ReadonlySet<FamilyNotification['type']> = new Set([
  'new_event',
  'event_rsvp',
  'event_tomorrow',
  'event_soon',
]);

/**
 * Where tapping this notification takes the person: the event itself for one about an event, the photo for a tag,
 * else its screen.
 */
export function notificationHref(notification: Pick<FamilyNotification, 'type' | 'relatedId'>): string {
  const { type, relatedId } = notification;
  if (relatedId && aboutAnEvent.has(type)) return `/events?event=${encodeURIComponent(relatedId)}`;
  if (relatedId && type === 'photo_tag') return `/photos?photo=${encodeURIComponent(relatedId)}`;
  return notificationPath[type];
}

/**
 * An answer's excerpt keeps the answer and the event's title, as they were when it was given: `attending:Sunday
 * lunch`. One written before titles were kept is the answer alone.
 */
export function answerExcerpt(status: string, eventTitle: string): string {
  return `${status}:${eventTitle}`;
}

function readAnswerExcerpt(excerpt: string): {
  status: string;
  eventTitle: string | null;
} {
  const colon = excerpt.indexOf(':');
  return colon < 0
    ? { status: excerpt, eventTitle: null }
    : {
        status: excerpt.slice(0, colon),
        eventTitle: excerpt.slice(colon + 1) || null,
      };
}

/**
 * The sentence a notification says (decision 0022), on the bell, in a push and in the email digest alike: who did
 * what, counted when several things gathered while it was unread, and the quote that goes under it. A reminder's
 * excerpt is its event's title.
 */
export function notificationText(
  notification: Pick<FamilyNotification, 'type' | 'count' | 'excerpt'>,
  actor: string,
  familyName: string,
): { title: string; quote: string | null } {
  const { type, count, excerpt } = notification;
  const quote = excerpt === '' ? null : excerpt;
  const several = count > 1;
  switch (type) {
    case 'new_post':
      return {
        title: several ? `${count} new posts in ${familyName}` : `${actor} shared a post`,
        quote,
      };
    case 'post_comment': {
      const voice = durationInExcerpt(excerpt);
      const heard = voice === null ? null : `voice comment (${voiceNoteLength(voice)})`;
      if (several) return { title: `${count} new comments on your post`, quote: heard ? `A ${heard}` : quote };
      return heard
        ? { title: `${actor} left a ${heard} on your post`, quote: null }
        : { title: `${actor} commented on your post`, quote };
    }
    case 'new_event':
      return { title: `${actor} planned an event`, quote };
    case 'event_rsvp': {
      const { status, eventTitle } = readAnswerExcerpt(excerpt);
      const event = eventTitle ?? 'your event';
      return {
        title: several ? `${count} answers to ${event}` : `${actor} ${answers[status] ?? 'answered'} ${event}`,
        quote: null,
      };
    }
    case 'new_member':
      return {
        title: several ? `${count} people joined ${familyName}` : `${actor} joined ${familyName}`,
        quote: null,
      };
    case 'chat_message': {
      const voice = durationInExcerpt(excerpt);
      const heard = voice === null ? null : `voice message (${voiceNoteLength(voice)})`;
      if (several)
        return {
          title: `${count} new messages in the family chat`,
          quote: heard ? `A ${heard}` : quote,
        };
      return heard
        ? { title: `${actor} sent a ${heard}`, quote: null }
        : { title: `${actor} in the family chat`, quote };
    }
    case 'event_tomorrow':
      return { title: `Tomorrow: ${excerpt}`, quote: null };
    case 'event_soon':
      return { title: `In an hour: ${excerpt}`, quote: null };
    case 'new_photos':
      return {
        title: several ? `${count} new photos in ${familyName}` : `${actor} added a photo`,
        quote,
      };
    case 'export_ready':
      return {
        title: 'Your Hearth archive is ready',
        quote: 'Download it from Settings within 7 days',
      };
    case 'birthday':
      return {
        title: `It's ${actor}'s birthday today`,
        quote: 'Wish them a happy birthday',
      };
    case 'photo_tag':
      return { title: `${actor} tagged you in a photo`, quote: null };
    case 'memories':
      return {
        title: 'You have memories from this day',
        quote: `What ${familyName} shared on this date in years gone by`,
      };
  }
}
