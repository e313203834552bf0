import { timings } from '../../schema/limits.ts';
import { toasts } from '../../schema/messages.ts';
import { toast } from '../ui/toast-store.ts';

/** The JSON body of every API error (schema/api-error.ts), read without zod so it stays out of the first download. */
export type ApiErrorBody = {
  error: string;
  field?: string;
  /** What to do next, where the error says (`sign_in_again`, `confirm_with_passkey`, `code_needed`...). */
  code?: string;
  issues?: { field: string; message: string }[];
};

function parseErrorBody(text: string): ApiErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { error?: unknown }).error !== 'string') {
      return null;
    }
    const { error, field, code, issues } = parsed as { error: string; field?: unknown; code?: unknown; issues?: unknown };
    return {
      error,
      ...(typeof field === 'string' ? { field } : {}),
      ...(typeof code === 'string' ? { code } : {}),
      ...(Array.isArray(issues)
        ? {
            issues: issues.filter(
              (issue): issue is { field: string; message: string } =>
                typeof issue?.field === 'string' && typeof issue?.message === 'string',
            ),
          }
        : {}),
    };
  } catch {
    return null;
  }
}

/** A non-OK answer. The message is the spec's (§8) "<status>: <body text or status text>". */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  /** The answer as sent, for callers whose error answers carry more than the error fields (a partial push). */
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = parseErrorBody(bodyText);
    this.bodyText = bodyText;
  }

  /** One message per field, from `field` and `issues`, for showing under form inputs. */
  get fieldErrors(): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const issue of this.body?.issues ?? []) errors[issue.field] ??= issue.message;
    if (this.body?.field) errors[this.body.field] ??= this.body.error;
    return errors;
  }
}

/** The request never got an answer: no connection, or the server is unreachable. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached', { cause });
    this.name = 'NetworkError';
  }
}

/** product.md §8: a message starting with 401 and containing "Unauthorized" means the session is over. */
export function isSignedOutError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401') && error.message.includes('Unauthorized');
}

/** Where the server sends someone to sign in again and then back to where they were. */
export function signInAgainUrl(location: { pathname: string; search: string }): string {
  return `/api/login?returnTo=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

let signingInAgain = false;
const sessionEndedListeners = new Set<() => void>();

/**
 * Called once when a request finds the session over, before the person is sent to sign in again (the auth store
 * forgets its copy of who was signed in, so the sign-in page does not take them for signed in). Answers the function
 * that unsubscribes.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * The session is over: any 401, from this client or from a request made outside it (the live channel, an upload, an
 * image kept for offline), ends the device's session at once, its data leaving as at sign-out
 * (docs/decisions/0031-a-401-anywhere-ends-the-session.md).
 */
export function signInAgain(): void {
  if (signingInAgain) return;
  signingInAgain = true;
  for (const listener of sessionEndedListeners) listener();
  toast({ ...toasts.unauthorized, variant: 'destructive' });
  window.setTimeout(() => window.location.assign(signInAgainUrl(window.location)), timings.unauthorizedRedirect);
}

type RequestOptions = {
  body?: unknown;
  signal?: AbortSignal;
  /**
   * What a signed-out answer means. Normally the session just ended, so the user is told and sent to sign in again;
   * for the start-up "who am I" check it only means "not signed in", and the caller handles it.
   */
  whenSignedOut?: 'sign-in-again' | 'throw';
  /**
   * A small change kept only on the server (a setting): sent even if the page is reloaded or closed at once, as the
   * browser lets a page's last requests finish (docs/decisions/0030-a-write-shown-is-a-write-kept.md).
   */
  keepalive?: boolean;
};

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { body, signal, whenSignedOut = 'sign-in-again', keepalive } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      keepalive,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new NetworkError(error);
  }

  if (!response.ok) {
    const bodyText = await response.text().catch(() => '');
    const error = new ApiError(response.status, response.statusText, bodyText);
    if (whenSignedOut === 'sign-in-again' && isSignedOutError(error)) signInAgain();
    throw error;
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The one way the app talks to the server: same origin, cookies, JSON both ways. */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, options),
};
