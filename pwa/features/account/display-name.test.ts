import { describe, expect, it } from 'vitest';
import { fullName, greetingName, initials, publicName } from './display-name.ts';

const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', username: 'ada' };
const nameless = { firstName: null, lastName: null, email: 'grandma.rose@example.com', username: 'rose_b' };

describe('fullName', () => {
  it('joins first and last name', () => {
    expect(fullName(ada)).toBe('Ada Lovelace');
  });

  it('uses whichever part exists and ignores blanks', () => {
    expect(fullName({ firstName: 'Ada', lastName: null })).toBe('Ada');
    expect(fullName({ firstName: '  ', lastName: 'Lovelace' })).toBe('Lovelace');
    expect(fullName({ firstName: null, lastName: '' })).toBeNull();
  });
});

describe('publicName', () => {
  it('prefers the full name, then the username, and never shows the email', () => {
    expect(publicName(ada)).toBe('Ada Lovelace');
    expect(publicName(nameless)).toBe('rose_b');
  });
});

describe('greetingName', () => {
  it('prefers the first name, then the username', () => {
    expect(greetingName(ada)).toBe('Ada');
    expect(greetingName(nameless)).toBe('rose_b');
    expect(greetingName({ ...nameless, lastName: 'Brown' })).toBe('rose_b');
  });
});

describe('initials', () => {
  it('takes the first letters of first and last name, upper-cased', () => {
    expect(initials(ada)).toBe('AL');
    expect(initials({ ...ada, firstName: 'émile', lastName: 'zola' })).toBe('ÉZ');
  });

  it('uses one letter when only one name part exists', () => {
    expect(initials({ ...ada, lastName: null })).toBe('A');
  });

  it('falls back to the username, then the email, skipping punctuation', () => {
    expect(initials(nameless)).toBe('R');
    expect(initials({ ...nameless, username: '_', email: '.zoe@example.com' })).toBe('Z');
  });
});
