import { describe, expect, it } from 'vitest';
import { answerExcerpt, notificationHref, notificationText } from './notification-text.ts';

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
    // A voice message says how long it is (decision 0058).
    expect(notificationText({ type: 'chat_message', count: 1, excerpt: 'voice:42400' }, 'Rose', 'The Okafors')).toEqual({
      title: 'Rose sent a voice message (0:42)',
      quote: null,
    });
    expect(notificationText({ type: 'chat_message', count: 2, excerpt: 'voice:65000' }, 'Rose', 'The Okafors')).toEqual({
      title: '2 new messages in the family chat',
      quote: 'A voice message (1:05)',
    });
    // So does a voice comment (decision 0065).
    expect(notificationText({ type: 'post_comment', count: 1, excerpt: 'voice:12000' }, 'Rose', 'The Okafors')).toEqual({
      title: 'Rose left a voice comment (0:12) on your post',
      quote: null,
    });
    expect(notificationText({ type: 'post_comment', count: 3, excerpt: 'voice:12000' }, 'Rose', 'The Okafors')).toEqual({
      title: '3 new comments on your post',
      quote: 'A voice comment (0:12)',
    });
    expect(notificationText({ type: 'new_member', count: 1, excerpt: '' }, 'Ada', 'The Lovelaces')).toEqual({
      title: 'Ada joined The Lovelaces',
      quote: null,
    });
  });

  it('gathers photos, reminds of an event by its title, tells a birthday on the day and memories', () => {
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
    expect(notificationText({ type: 'memories', count: 1, excerpt: '' }, 'Someone', 'The Okonkwos')).toEqual({
      title: 'You have memories from this day',
      quote: 'What The Okonkwos shared on this date in years gone by',
    });
  });

  it('names the event an answer is to, and opens that event', () => {
    const answer = (status: string, count = 1) =>
      notificationText(
        { type: 'event_rsvp', count, excerpt: answerExcerpt(status, 'Sunday lunch: roast') },
        'David',
        'Us',
      );
    expect(answer('attending').title).toBe('David is coming to Sunday lunch: roast');
    expect(answer('not_attending').title).toBe("David can't make it to Sunday lunch: roast");
    expect(answer('pending').title).toBe('David is not sure yet about Sunday lunch: roast');
    expect(answer('attending', 3)).toEqual({ title: '3 answers to Sunday lunch: roast', quote: null });
    // One kept from before answers named their event.
    expect(notificationText({ type: 'event_rsvp', count: 1, excerpt: 'not_attending' }, 'Ben', 'Us').title).toBe(
      "Ben can't make it to your event",
    );
    const eventId = '0b5c3a52-6f39-4c4e-9d8e-2f4b7c1d9e01';
    expect(notificationHref({ type: 'event_rsvp', relatedId: eventId })).toBe(`/events?event=${eventId}`);
    expect(notificationHref({ type: 'event_tomorrow', relatedId: eventId })).toBe(`/events?event=${eventId}`);
    expect(notificationHref({ type: 'chat_message', relatedId: null })).toBe('/chat');
  });

  it('tells a person they were tagged, and opens the photo', () => {
    expect(notificationText({ type: 'photo_tag', count: 1, excerpt: '' }, 'David', 'Us')).toEqual({
      title: 'David tagged you in a photo',
      quote: null,
    });
    const photoId = '5d1f0c8e-2a4b-4c6d-8e0f-1a2b3c4d5e6f';
    expect(notificationHref({ type: 'photo_tag', relatedId: photoId })).toBe(`/photos?photo=${photoId}`);
  });
});
