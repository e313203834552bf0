import { describe, expect, it } from 'vitest';
import { notificationText } from './notification-text.ts';

describe('what a notification says', () => {
  it('names who did it once, and counts what gathered while unread', () => {
    expect(
      notificationText({ type: 'new_post', count: 1, excerpt: 'The plums are ripe' }, 'Grandma', 'The Lindqvists'),
    ).toEqual({
      title: 'Grandma shared a post',
      quote: 'The plums are ripe',
    });
    expect(notificationText({ type: 'chat_message', count: 50, excerpt: 'See you!' }, 'Dad', 'The Lindqvists')).toEqual(
      {
        title: '50 new messages in the family chat',
        quote: 'See you!',
      },
    );
    expect(notificationText({ type: 'event_rsvp', count: 1, excerpt: 'not_attending' }, 'Ben', 'Us').title).toBe(
      "Ben can't make it",
    );
    expect(notificationText({ type: 'new_member', count: 1, excerpt: '' }, 'Ada', 'The Lovelaces')).toEqual({
      title: 'Ada joined The Lovelaces',
      quote: null,
    });
  });

  it('gathers photos, reminds of an event by its title, and tells a birthday on the day', () => {
    expect(notificationText({ type: 'event_tomorrow', count: 1, excerpt: 'Sunday lunch' }, 'Someone', 'Us').title).toBe(
      'Tomorrow: Sunday lunch',
    );
    expect(notificationText({ type: 'event_soon', count: 1, excerpt: 'Sunday lunch' }, 'Someone', 'Us').title).toBe(
      'In an hour: Sunday lunch',
    );
    expect(notificationText({ type: 'new_photos', count: 20, excerpt: '' }, 'Grandma', 'Us')).toEqual({
      title: '20 new photos in Us',
      quote: null,
    });
    expect(notificationText({ type: 'birthday', count: 1, excerpt: '' }, 'Grandma', 'Us')).toEqual({
      title: "It's Grandma's birthday today",
      quote: 'Wish them a happy birthday',
    });
  });
});
