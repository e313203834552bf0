import { z } from 'zod';
import { limits } from './limits.ts';
import { birthday, email, newPassword, personName, username } from './fields.ts';
import { messages } from './messages.ts';
import { userSettingsSchema } from './entities.ts';
import { invitationToken } from './invitations.ts';

/**
 * Login checks only the shape the form asks for (product.md §5); whether the password is right is the server's
 * business, and it answers the same for an unknown email as for a wrong password.
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
  /** The app never asks for one: the server derives a handle from the email (free-username.ts). */
  username: username.optional(),
  email,
  password: newPassword,
  confirmPassword: z.string({ error: messages.confirmRequired }).min(1, { error: messages.confirmRequired }),
});

/** Signup (product.md §5). "Passwords do not match" is checked as soon as both passwords are themselves valid. */
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

/**
 * How long a one-time reset link works (decision 0044): an emailed one is opened at once, in the same inbox; one an
 * admin makes for a relative travels by hand (a message, a phone call), so it is given a day.
 */
export const resetLinkLifetimes = { emailedMinutes: 30, madeByAdminHours: 24 } as const;

/** `POST /api/auth/password-reset/email`: "Forgot password?" asks for a link to this address. */
export const passwordResetEmailBodySchema = z.strictObject({ email });

/** `POST /api/auth/password-reset`: a one-time link's token and the new password. */
export const passwordResetBodySchema = passwordChangeFields
  .omit({ currentPassword: true })
  .extend({ token: z.string().min(1).max(100) })
  .refine((body) => body.newPassword === body.confirmPassword, {
    error: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: (payload) => passwordPairIsValid(payload.value, 'newPassword'),
  });
export type PasswordResetBody = z.input<typeof passwordResetBodySchema>;

/** A reset link an admin made: its token is shown this once, for the app to make the address to pass on. */
export const createdResetLinkSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type CreatedResetLink = z.infer<typeof createdResetLinkSchema>;

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

/** What this server offers: the login screen shows only the ways that work here. */
export const authProvidersSchema = z.object({
  google: z.boolean(),
  /** Email is configured: "Forgot password?" sends a link, instead of asking a family admin for one. */
  email: z.boolean(),
});
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/**
 * What a browser's WebAuthn call answered, as @simplewebauthn/browser hands it over (decision 0051): checked in full
 * by the server's WebAuthn library, so only its outline and sizes are checked here.
 */
const webAuthnAnswer = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().min(1).max(20_000) }),
  clientExtensionResults: z.looseObject({}),
});

/** `POST /api/auth/passkeys` and `POST /api/auth/passkeys/sign-in`: the browser's answer to the challenge. */
export const passkeyAnswerBodySchema = z.strictObject({ answer: webAuthnAnswer });

/**
 * `POST /api/auth/passkeys/sign-up/options`: an invited person makes their account with a passkey alone (decision
 * 0055); the invitation must be open, the email free.
 */
export const passkeySignUpBodySchema = z.strictObject({ email, invitationToken });
export type PasskeySignUpBody = z.input<typeof passkeySignUpBodySchema>;

/** `POST /api/auth/email-sign-in`: where to send a sign-in link. */
export const emailSignInBodySchema = z.strictObject({ email });

/** The short code the asking page shows, for opening the link in another browser (decision 0055). */
export const signInLinkCode = z
  .string({ error: 'Type the 6 numbers shown where you asked for the link.' })
  .regex(/^\d{6}$/, { error: 'Type the 6 numbers shown where you asked for the link.' });

/** Answer to asking for a sign-in link: the same whether or not the address has an account. */
export const emailSignInAskedSchema = z.object({ code: signInLinkCode, expiresAt: z.string() });
export type EmailSignInAsked = z.infer<typeof emailSignInAskedSchema>;

/** `POST /api/auth/email-sign-in/use`: the link's token, and the code when it is opened in another browser. */
export const emailSignInUseBodySchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  code: signInLinkCode.optional(),
});
export type EmailSignInUseBody = z.input<typeof emailSignInUseBodySchema>;

/** How long an emailed sign-in link works. */
export const signInLinkMinutes = 15;

/** The options a browser's WebAuthn call is given; the server's library writes them. */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });

/** One of the person's passkeys in Settings: named by the device it was made on, and when it was last used. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
