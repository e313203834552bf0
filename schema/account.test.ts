import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  loginBodySchema,
  passwordChangeBodySchema,
  profileUpdateBodySchema,
  returnToSchema,
  settingsUpdateBodySchema,
  signupBodySchema,
} from './index.ts';

function errorsOf(result: { success: boolean; error?: import('zod').ZodError }) {
  return result.success || !result.error ? {} : fieldErrors(result.error);
}

describe('login', () => {
  const valid = { email: 'Nana@Example.com', password: 'secret1' };

  it('accepts a valid email and a 6-character password, normalising the email', () => {
    expect(loginBodySchema.parse(valid)).toEqual({ email: 'nana@example.com', password: 'secret1' });
  });

  it.each([
    [{ ...valid, email: '' }, 'email', 'Email is required'],
    [{ ...valid, email: '   ' }, 'email', 'Email is required'],
    [{ password: 'secret1' }, 'email', 'Email is required'],
    [{ ...valid, email: 'nana@' }, 'email', 'Please enter a valid email address'],
    [{ ...valid, email: 'nana.example.com' }, 'email', 'Please enter a valid email address'],
    [{ ...valid, password: '' }, 'password', 'Password is required'],
    [{ email: valid.email }, 'password', 'Password is required'],
    [{ ...valid, password: '12345' }, 'password', 'Password must be at least 6 characters long'],
  ])('%j → %s: %s', (input, field, message) => {
    expect(errorsOf(loginBodySchema.safeParse(input))[field]).toBe(message);
  });

  it('keeps the password exactly as typed, spaces included', () => {
    expect(loginBodySchema.parse({ ...valid, password: ' s p a c e ' }).password).toBe(' s p a c e ');
  });

  it('caps passwords at 200 characters', () => {
    expect(loginBodySchema.safeParse({ ...valid, password: 'a'.repeat(200) }).success).toBe(true);
    expect(errorsOf(loginBodySchema.safeParse({ ...valid, password: 'a'.repeat(201) })).password).toBe(
      'Password must be at most 200 characters long',
    );
  });

  it('refuses unknown fields, naming them', () => {
    expect(errorsOf(loginBodySchema.safeParse({ ...valid, isAdmin: true }))).toEqual({ isAdmin: 'Unknown field' });
  });
});

describe('signup', () => {
  const valid = { username: 'nana', email: 'nana@example.com', password: 'secret1', confirmPassword: 'secret1' };

  it('accepts a valid signup', () => {
    expect(signupBodySchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ ...valid, username: '' }, 'username', 'Username is required'],
    [{ ...valid, username: 'ab' }, 'username', 'Username must be at least 3 characters long'],
    [{ ...valid, username: 'a'.repeat(31) }, 'username', 'Username must be at most 30 characters long'],
    [{ ...valid, username: 'na na' }, 'username', 'Username can use letters, numbers, dots, dashes and underscores'],
    [{ ...valid, confirmPassword: '' }, 'confirmPassword', 'Please confirm your password'],
    [{ ...valid, confirmPassword: 'secret2' }, 'confirmPassword', 'Passwords do not match'],
    [{ ...valid, email: 'x' }, 'email', 'Please enter a valid email address'],
  ])('%j → %s: %s', (input, field, message) => {
    expect(errorsOf(signupBodySchema.safeParse(input))[field]).toBe(message);
  });

  it('accepts usernames of exactly 3 and 30 characters, in any script', () => {
    expect(signupBodySchema.safeParse({ ...valid, username: 'abc' }).success).toBe(true);
    expect(signupBodySchema.safeParse({ ...valid, username: 'a'.repeat(30) }).success).toBe(true);
    expect(signupBodySchema.safeParse({ ...valid, username: 'Zoë.müller' }).success).toBe(true);
  });

  it('still says the passwords do not match when another field is wrong', () => {
    const errors = errorsOf(signupBodySchema.safeParse({ ...valid, username: '', confirmPassword: 'other1' }));
    expect(errors).toEqual({ username: 'Username is required', confirmPassword: 'Passwords do not match' });
  });

  it('does not claim a mismatch while the password itself is invalid', () => {
    const errors = errorsOf(signupBodySchema.safeParse({ ...valid, password: '123', confirmPassword: '1234' }));
    expect(errors).toEqual({ password: 'Password must be at least 6 characters long' });
  });
});

describe('profile and password change', () => {
  it('accepts a partial profile and turns blank names into null', () => {
    expect(profileUpdateBodySchema.parse({ firstName: '  Ada ', lastName: '  ' })).toEqual({
      firstName: 'Ada',
      lastName: null,
    });
  });

  it('limits names to 50 characters', () => {
    expect(profileUpdateBodySchema.safeParse({ firstName: 'a'.repeat(50) }).success).toBe(true);
    expect(errorsOf(profileUpdateBodySchema.safeParse({ firstName: 'a'.repeat(51) })).firstName).toBe(
      'Name must be at most 50 characters long',
    );
  });

  it('needs the current password and a matching new one of at least 6 characters', () => {
    const valid = { currentPassword: 'old-one', newPassword: 'new-one', confirmPassword: 'new-one' };
    expect(passwordChangeBodySchema.safeParse(valid).success).toBe(true);
    expect(errorsOf(passwordChangeBodySchema.safeParse({ ...valid, currentPassword: '' })).currentPassword).toBe(
      'Current password is required',
    );
    expect(errorsOf(passwordChangeBodySchema.safeParse({ ...valid, newPassword: '12345' })).newPassword).toBe(
      'Password must be at least 6 characters long',
    );
    expect(errorsOf(passwordChangeBodySchema.safeParse({ ...valid, confirmPassword: 'other1' })).confirmPassword).toBe(
      'Passwords do not match',
    );
  });
});

describe('settings', () => {
  it('takes any subset of the known toggles', () => {
    expect(settingsUpdateBodySchema.parse({ chatMessages: false })).toEqual({ chatMessages: false });
  });

  it('refuses an empty change, unknown toggles and non-booleans', () => {
    expect(settingsUpdateBodySchema.safeParse({}).success).toBe(false);
    expect(errorsOf(settingsUpdateBodySchema.safeParse({ darkWeb: true }))).toEqual({ darkWeb: 'Unknown field' });
    expect(settingsUpdateBodySchema.safeParse({ chatMessages: 'yes' }).success).toBe(false);
  });
});

describe('returnTo', () => {
  it.each([
    ['/settings', '/settings'],
    ['/profile?changePassword=1', '/profile?changePassword=1'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/\t/evil.example', '/'],
    ['/\n/evil.example', '/'],
    ['/ /evil.example', '/'],
    ['/%09/evil.example', '/%09/evil.example'],
    [undefined, '/'],
  ])('%s → %s', (input, expected) => {
    expect(returnToSchema.parse(input)).toBe(expected);
  });
});
