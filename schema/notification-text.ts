import type { FamilyNotification } from './entities.ts';

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
} as const satisfies Record<FamilyNotification['type'], string>;

const answers: Record<string, string> = {
  attending: 'is coming',
  not_attending: "can't make it",
  pending: 'is not sure yet',
};

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
      return { title: several ? `${count} new posts in ${familyName}` : `${actor} shared a post`, quote };
    case 'post_comment':
      return { title: several ? `${count} new comments on your post` : `${actor} commented on your post`, quote };
    case 'new_event':
      return { title: `${actor} planned an event`, quote };
    case 'event_rsvp':
      return {
        title: several ? `${count} answers to your event` : `${actor} ${answers[excerpt] ?? 'answered'}`,
        quote: null,
      };
    case 'new_member':
      return { title: several ? `${count} people joined ${familyName}` : `${actor} joined ${familyName}`, quote: null };
    case 'chat_message':
      return { title: several ? `${count} new messages in the family chat` : `${actor} in the family chat`, quote };
    case 'event_tomorrow':
      return { title: `Tomorrow: ${excerpt}`, quote: null };
    case 'event_soon':
      return { title: `In an hour: ${excerpt}`, quote: null };
    case 'new_photos':
      return { title: several ? `${count} new photos in ${familyName}` : `${actor} added a photo`, quote };
    case 'export_ready':
      return { title: 'Your Hearth archive is ready', quote: 'Download it from Settings within 7 days' };
    case 'birthday':
      return { title: `It's ${actor}'s birthday today`, quote: 'Wish them a happy birthday' };
  }
}
