import { toasts } from '../../../../schema/messages.ts';
import { ApiError, NetworkError } from '../../../lib/api-client.ts';

export type FailureText = { title: string; description: string };

/**
 * What to tell someone whose public form did not go through; the form keeps what they typed in every case. After a
 * burst the server's own sentence says how long to wait; offline, a server error, or anything else gets the
 * "still here, try again" text.
 */
export function publicFormFailure(error: unknown): FailureText {
  if (error instanceof ApiError && error.status === 429 && error.body?.error) {
    return { title: toasts.rateLimited.title, description: error.body.error };
  }
  if (!(error instanceof ApiError) && !(error instanceof NetworkError)) {
    console.error('A public form failed unexpectedly', error);
  }
  return toasts.publicFormFailed;
}
