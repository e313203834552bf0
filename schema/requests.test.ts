import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  contactMessageBodySchema,
  createAlbumBodySchema,
  commentContent,
  createEventBodySchema,
  createFamilyBodySchema,
  createMessageBodySchema,
  createPhotoBodySchema,
  createPostBodySchema,
  fieldErrors,
  idParamsSchema,
  limits,
  reactBodySchema,
  rsvpBodySchema,
} from './index.ts';

function errorsOf(result: { success: boolean; error?: import('zod').ZodError }) {
  return result.success || !result.error ? {} : fieldErrors(result.error);
}

describe('text limits: both sides of every edge', () => {
  it.each([
    ['family name', createFamilyBodySchema, 'name', limits.familyNameMax, 'Family name is required', 'Family name must be at most 100 characters long'],
    ['album name', createAlbumBodySchema, 'name', limits.albumNameMax, 'Album name is required', 'Album name must be at most 100 characters long'],
    ['post', createPostBodySchema, 'content', limits.postContentMax, 'Write something to share', 'Posts can be at most 5,000 characters long'],
    ['comment', z.strictObject({ content: commentContent }), 'content', limits.commentContentMax, 'Write a comment first', 'Comments can be at most 2,000 characters long'],
    ['chat message', createMessageBodySchema, 'content', limits.messageContentMax, 'Type a message first', 'Messages can be at most 4,000 characters long'],
  ] as const)('%s', (_name, schema, field, max, required, tooLong) => {
    expect(schema.safeParse({ [field]: 'x' }).success).toBe(true);
    expect(schema.safeParse({ [field]: 'x'.repeat(max) }).success).toBe(true);
    expect(errorsOf(schema.safeParse({ [field]: 'x'.repeat(max + 1) }))[field]).toBe(tooLong);
    expect(errorsOf(schema.safeParse({ [field]: '' }))[field]).toBe(required);
    expect(errorsOf(schema.safeParse({ [field]: ' \n\t ' }))[field]).toBe(required);
    expect(errorsOf(schema.safeParse({}))[field]).toBe(required);
  });

  it('trims what it keeps and leaves HTML as plain text for the screen to escape', () => {
    expect(createPostBodySchema.parse({ content: '  <b>hi</b>\n' }).content).toBe('<b>hi</b>');
  });

  it('treats a 10,000-character post as too long', () => {
    expect(createPostBodySchema.safeParse({ content: 'x'.repeat(10_000) }).success).toBe(false);
  });
});

describe('events', () => {
  const valid = { title: 'Picnic', description: '', startDate: '2026-07-04T12:00:00.000Z', location: 'Park' };

  it('accepts a title of 1 and 200 characters and refuses 201', () => {
    expect(createEventBodySchema.safeParse({ ...valid, title: 'x' }).success).toBe(true);
    expect(createEventBodySchema.safeParse({ ...valid, title: 'x'.repeat(200) }).success).toBe(true);
    expect(errorsOf(createEventBodySchema.safeParse({ ...valid, title: 'x'.repeat(201) })).title).toBe(
      'Title must be at most 200 characters long',
    );
    expect(errorsOf(createEventBodySchema.safeParse({ ...valid, title: '' })).title).toBe('Title is required');
  });

  it('needs a real start date and an end that is not before it', () => {
    expect(errorsOf(createEventBodySchema.safeParse({ ...valid, startDate: '' })).startDate).toBe('Start date is required');
    expect(errorsOf(createEventBodySchema.safeParse({ ...valid, startDate: 'soon' })).startDate).toBe(
      'Start date must be a valid date',
    );
    expect(errorsOf(createEventBodySchema.safeParse({ ...valid, endDate: '2026-07-04T11:00:00.000Z' })).endDate).toBe(
      'End date must be after the start date',
    );
    expect(createEventBodySchema.parse({ ...valid, endDate: '' }).endDate).toBeNull();
    expect(createEventBodySchema.parse({ ...valid, endDate: '2026-07-04T12:00:00.000Z' }).endDate).toBe(
      '2026-07-04T12:00:00.000Z',
    );
  });

  it('stores blank optional text as null', () => {
    const parsed = createEventBodySchema.parse({ ...valid, location: '   ' });
    expect(parsed.description).toBeNull();
    expect(parsed.location).toBeNull();
  });
});

describe('the small bodies of product.md §7', () => {
  it('react takes only like', () => {
    expect(reactBodySchema.safeParse({ reactionType: 'like' }).success).toBe(true);
    expect(reactBodySchema.safeParse({ reactionType: 'love' }).success).toBe(false);
  });

  it('rsvp takes the three states', () => {
    for (const status of ['attending', 'not_attending', 'pending']) {
      expect(rsvpBodySchema.safeParse({ status }).success).toBe(true);
    }
    expect(rsvpBodySchema.safeParse({ status: 'maybe' }).success).toBe(false);
  });

  it('a chat message is text unless it says photo', () => {
    expect(createMessageBodySchema.parse({ content: 'hi' }).messageType).toBe('text');
    expect(createMessageBodySchema.safeParse({ content: 'hi', messageType: 'video' }).success).toBe(false);
  });

  it('a photo address must be on this site or https, never a script', () => {
    expect(createPhotoBodySchema.safeParse({ imageUrl: '/uploads/a.webp' }).success).toBe(true);
    expect(createPhotoBodySchema.safeParse({ imageUrl: 'https://example.com/a.jpg' }).success).toBe(true);
    expect(createPhotoBodySchema.safeParse({ imageUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(createPhotoBodySchema.safeParse({ imageUrl: '//evil.example/a.jpg' }).success).toBe(false);
    expect(createPhotoBodySchema.safeParse({ imageUrl: 'data:image/png;base64,AAAA' }).success).toBe(false);
  });

  it('ids in paths are UUIDs', () => {
    expect(idParamsSchema.safeParse({ id: '7d444840-9dc0-11d1-b245-5ffdce74fad2' }).success).toBe(true);
    expect(errorsOf(idParamsSchema.safeParse({ id: '42' })).id).toBe('Must be a valid id');
  });
});

describe('contact form', () => {
  const valid = { fullName: 'Ada', email: 'ada@example.com', messageType: 'support', subject: 'Hi', message: 'Hello' };

  it('accepts a complete message', () => {
    expect(contactMessageBodySchema.safeParse(valid).success).toBe(true);
  });

  it('requires all five fields', () => {
    expect(errorsOf(contactMessageBodySchema.safeParse({}))).toEqual({
      fullName: 'Full name is required',
      email: 'Email is required',
      messageType: 'Please choose a message type',
      subject: 'Subject is required',
      message: 'Message is required',
    });
  });

  it('knows the six message types', () => {
    for (const messageType of ['support', 'privacy', 'feedback', 'business', 'general', 'other']) {
      expect(contactMessageBodySchema.safeParse({ ...valid, messageType }).success).toBe(true);
    }
    expect(contactMessageBodySchema.safeParse({ ...valid, messageType: 'spam' }).success).toBe(false);
  });
});
