import { toasts } from '../../schema/messages.ts';
import { toast } from '../ui/toast-store.ts';
import { ApiError, isSignedOutError, NetworkError } from './api-client.ts';

type ToastText = { title: string; description: string };

/**
 * Tells the user why a request failed when the screen has nothing more specific to say: offline, rate limited
 * (the server's own sentence), or the screen's fallback. A lost session is already handled by the API client.
 */
export function toastRequestFailure(error: unknown, fallback: ToastText): void {
  if (isSignedOutError(error)) return;
  if (error instanceof NetworkError) {
    toast({ ...toasts.offline, variant: 'destructive' });
  } else if (error instanceof ApiError && error.status === 429) {
    toast({
      ...toasts.rateLimited,
      description: error.body?.error ?? fallback.description,
      variant: 'destructive',
    });
  } else {
    toast({ ...fallback, variant: 'destructive' });
  }
}
