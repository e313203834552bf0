import { describe, expect, it } from 'vitest';
import { messages } from '../../../schema/messages.ts';
import { checkContent, commentRules, postRules } from './content-rules.ts';

describe('checkContent', () => {
  it('calls empty or whitespace-only text blank, without a message: its button is disabled instead', () => {
    expect(checkContent('', commentRules)).toEqual({ blank: true, error: undefined });
    expect(checkContent(' \n\t ', commentRules)).toEqual({ blank: true, error: undefined });
    expect(checkContent(' Hello ', commentRules)).toEqual({ blank: false, error: undefined });
  });

  it('says a comment is too long past 2,000 characters, counting as the server does (trimmed)', () => {
    expect(checkContent('a'.repeat(2000), commentRules).error).toBeUndefined();
    expect(checkContent(`  ${'a'.repeat(2000)}\n\n`, commentRules).error).toBeUndefined();
    expect(checkContent('a'.repeat(2001), commentRules)).toEqual({ blank: false, error: messages.commentTooLong });
  });

  it('allows posts up to 5,000 characters', () => {
    expect(checkContent('a'.repeat(5000), postRules).error).toBeUndefined();
    expect(checkContent('a'.repeat(5001), postRules).error).toBe(messages.postTooLong);
  });
});
