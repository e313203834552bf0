import { timings } from '../../../schema/limits.ts';
import { toasts } from '../../../schema/messages.ts';
import type { User } from '../../../schema/entities.ts';
import { toast } from '../../ui/toast-store.ts';

/** Shown as someone arrives, for the spec's 6 seconds. */
export function toastWelcomeBack(user: User): void {
  const firstName = user.firstName?.trim();
  toast({
    ...toasts.welcomeBack,
    ...(firstName ? { title: `Welcome back, ${firstName}!` } : {}),
    duration: timings.welcomeToast,
  });
}

export function toastWelcomeToHearth(): void {
  toast({
    ...toasts.welcomeToHearth,
    duration: timings.welcomeToast,
  });
}
