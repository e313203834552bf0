import { describe, expect, it } from 'vitest';
import { commentsToggleText, likeCountText, wasEdited } from './post-summary.ts';

describe('wasEdited', () => {
  const createdAt = '2026-11-21T12:00:00.000Z';

  it('is false for a post stamped twice within a minute of being shared', () => {
    expect(wasEdited({ createdAt, updatedAt: createdAt })).toBe(false);
    expect(wasEdited({ createdAt, updatedAt: '2026-11-21T12:00:59.000Z' })).toBe(false);
    // A device clock a little behind the server's.
    expect(wasEdited({ createdAt, updatedAt: '2026-11-21T11:59:58.000Z' })).toBe(false);
  });

  it('is true once it changed more than a minute later', () => {
    expect(wasEdited({ createdAt, updatedAt: '2026-11-21T12:01:01.000Z' })).toBe(true);
    expect(wasEdited({ createdAt, updatedAt: '2026-12-01T08:00:00.000Z' })).toBe(true);
  });
});

describe('counts', () => {
  it('says likes in the singular for one', () => {
    expect(likeCountText(1)).toBe('1 like');
    expect(likeCountText(2)).toBe('2 likes');
    expect(likeCountText(1200)).toBe('1,200 likes');
  });

  it('invites a first comment, then counts them', () => {
    expect(commentsToggleText(0)).toBe('Comment');
    expect(commentsToggleText(1)).toBe('Comments (1)');
    expect(commentsToggleText(12)).toBe('Comments (12)');
  });
});
