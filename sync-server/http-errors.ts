import type { ApiError } from '../schema/index.ts';

/**
 * A 503 because the database failed for a moment (a connection dropped, a failover, a restart) says when to ask again:
 * a dropped connection is back at once, a failover takes seconds.
 */
export const databaseUnavailableHeaders = { 'retry-after': '2' };

/** Sentences the server itself says; the validation messages come from schema/messages.ts. */
export const serverMessages = {
  /** The client treats a 401 whose body contains this word as "signed out" (product.md §8): keep it exactly. */
  unauthorized: 'Unauthorized',
  notFound: 'Not found',
  unexpected: 'Something went wrong on our side. Please try again.',
  invalidJson: 'The request body is not valid JSON',
  bodyNotObject: 'The request body must be a JSON object',
  bodyTooLarge: 'The request body is too large',
  unsupportedMediaType: 'Send the request body as JSON (Content-Type: application/json)',
  crossSite: 'This request came from another site and was refused',
  badRequest: 'The request could not be understood',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  tooManyForms: "You've sent several forms in a short time. Please wait a few minutes and try again.",
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'That username is already taken',
  currentPasswordIncorrect: 'Current password is incorrect',
  tooManyEmailChanges: 'You have changed your email several times in a short while. Please try again later.',
  tooManyInvitations: 'You have made many invitation links in a short while. Please try again later.',
  tooManyLiveStreams: 'Hearth is open in too many places at once for this account. Close a tab or two.',
  updateRequired: 'Please update Hearth to keep syncing',
  deviceOfAnotherAccount: 'This device is registered to another account. Sign out and in again to keep syncing.',
  historyChanged: "Hearth's server was restored from a backup: this device will fetch your families again.",
  shuttingDown: 'The server is restarting. Please try again in a moment.',
  syncUnavailable: "Hearth couldn't save your changes just now. They are kept on your device and will be sent again.",
  unavailable: "Hearth can't reach its data just now. Please try again in a moment.",
  passwordAlreadySet: 'This account has a password already. Change it with your current one.',
  passwordBeforeUnlink: 'Set a password first, so you can still sign in without Google.',
  passwordToDelete: 'Enter your password to delete your account',
  handOverBeforeDeleting: (families: string) =>
    `You are the only admin of ${families}. Make another member an admin first (in the Family Tree), so your family keeps someone to look after it.`,
  signInAgainToDelete: 'For your safety, sign in with Google again, then delete your account within ten minutes.',
  exportUnderWay: 'Your archive is still being made. It will be on your bell when it is ready.',
  exportTooSoon: (nextAllowedAt: string) =>
    `You can make one archive a day. The next one can be made after ${new Date(nextAllowedAt).toUTCString()}.`,
  exportGone: 'This archive is no longer kept. Make a new one in Settings.',
  resetLinkClosed: 'This link has expired or was already used. Ask for a new one.',
  noEmailHere:
    "This Hearth can't send email. Ask someone who looks after your family on Hearth to make you a reset link from the Family Tree.",
  resetLinkAdminOnly: 'Only a family admin can make a password reset link',
  tooManyResetLinks: 'You have made many reset links in a short while. Please try again later.',
  passkeyChallengeGone: 'That took too long, or was already used. Please try adding the passkey again.',
  passkeyNotVerified: "That passkey couldn't be checked. Please try again.",
  passkeyLastWayIn: 'This passkey is the only way you can sign in. Add a password or another passkey first.',
  passkeyAgainToDelete: 'For your safety, confirm with your passkey, then delete your account within ten minutes.',
  passkeyNotYours: "That passkey isn't one of yours. Please use the one you sign in with.",
  noEmailSignInHere: "This Hearth can't send email. Sign in with your password or a passkey.",
  signInLinkClosed: 'This sign-in link has expired or was already used. Ask for a new one.',
  signInLinkWrongCode: "That code doesn't match, so this link no longer works. Ask for a new one.",
  signInLinkNeedsCode: 'This link was asked for on another device. Type the code shown there.',
  passkeySignInFailed: "That passkey couldn't sign you in. Try again, or sign in with your password.",
  notAPushService: "This browser's push service is not one Hearth can send to.",
} as const;

/** An answer a handler or hook decides on; the error handler sends `body` with `statusCode` as it is. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;
  readonly body: ApiError;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: ApiError, headers: Record<string, string> = {}) {
    super(body.error);
    this.statusCode = statusCode;
    this.body = body;
    this.headers = headers;
  }
}
