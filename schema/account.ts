import { z } from 'zod';
import { limits } from './limits.ts';
import { birthday, email, newPassword, personName, username } from './fields.ts';
import { messages } from './messages.ts';
import { userSettingsSchema } from './entities.ts';

/**
 * Login checks only the shape the form asks for (spec §5); whether the password is right is the server's business,
 * and it answers the same for an unknown email as for a wrong password.
 */
export const loginBodySchema = z.strictObject({
  email,
  password: newPassword,
});
export type LoginBody = z.input<typeof loginBodySchema>;

/**
 * "Passwords do not match" is worth saying as soon as both passwords are themselves valid, even while another field
 * of the form is still wrong; zod skips object refinements after any issue unless told when to run them.
 */
function passwordPairIsValid(value: unknown, passwordKey: 'password' | 'newPassword'): boolean {
  const pair = z.object({ [passwordKey]: newPassword, confirmPassword: z.string().min(1) });
  return pair.safeParse(value).success;
}

const signupFields = z.strictObject({
  username,
  email,
  password: newPassword,
  confirmPassword: z.string({ error: messages.confirmRequired }).min(1, { error: messages.confirmRequired }),
});

/** Signup (spec §5). "Passwords do not match" is checked as soon as both passwords are themselves valid. */
export const signupBodySchema = signupFields.refine((body) => body.password === body.confirmPassword, {
  error: messages.passwordsDoNotMatch,
  path: ['confirmPassword'],
  when: (payload) => passwordPairIsValid(payload.value, 'password'),
});
export type SignupBody = z.input<typeof signupBodySchema>;

/** Profile edit: every field optional so a screen can send only what changed. */
export const profileUpdateBodySchema = z.strictObject({
  firstName: personName.optional(),
  lastName: personName.optional(),
  email: email.optional(),
  username: username.optional(),
  /** Null takes it away. */
  birthday: birthday.nullable().optional(),
  /** Needed to change the email (the way back into the account), checked by the server; never stored. */
  currentPassword: z.string().max(limits.passwordMax).optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

const passwordChangeFields = z.strictObject({
  currentPassword: z
    .string({ error: messages.currentPasswordRequired })
    .min(1, { error: messages.currentPasswordRequired }),
  newPassword,
  confirmPassword: z.string({ error: messages.confirmRequired }).min(1, { error: messages.confirmRequired }),
});

/** `POST /api/auth/password/set`: an account made with Google gets a password of its own (none to confirm). */
export const passwordSetBodySchema = passwordChangeFields
  .omit({ currentPassword: true })
  .refine((body) => body.newPassword === body.confirmPassword, {
    error: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: (payload) => passwordPairIsValid(payload.value, 'newPassword'),
  });

/** Password change: needs the current password, and signs out every other session of the user. */
export const passwordChangeBodySchema = passwordChangeFields.refine(
  (body) => body.newPassword === body.confirmPassword,
  {
    error: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: (payload) => passwordPairIsValid(payload.value, 'newPassword'),
  },
);
export type PasswordChangeBody = z.input<typeof passwordChangeBodySchema>;

/**
 * `POST /api/auth/delete-account`: the password of an account that has one; an account made with Google confirms
 * with a sign-in made in the last ten minutes instead.
 */
export const accountDeletionBodySchema = z.strictObject({ currentPassword: z.string().max(200).optional() });
export type AccountDeletionBody = z.infer<typeof accountDeletionBodySchema>;

/** `GET /api/auth/sessions`: each browser the person is signed in on, most recently seen first. */
export const signedInDeviceSchema = z.object({
  /** Names the session for signing it out; not the cookie, nor anything that opens it. */
  id: z.string(),
  browser: z.string(),
  system: z.string(),
  kind: z.enum(['phone', 'tablet', 'computer']),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  /** The browser asking. */
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;

/** Settings are changed one toggle at a time, or several at once; at least one must be given. */
export const settingsUpdateBodySchema = userSettingsSchema
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, {
    error: 'Nothing to update',
    when: (payload) => payload.issues.length === 0,
  });

/**
 * Where to go back to after signing in: only a path on this site, never another origin. Whitespace and control
 * characters are refused too: browsers drop a tab or newline from a URL, so "/\t/evil.example" would become
 * "//evil.example".
 */
export const returnToSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])[^\s\u0000-\u001f\u007f]*$/)
  .catch('/');

export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;
