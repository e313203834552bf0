import { deviceStorage } from '../../lib/device-storage.ts';
import { toast } from '../../ui/toast-store.ts';

/** Per person: how many writes were kept when their session ended, for the welcome back. */
const keptWritesKey = (userId: string) => `hearth-kept-writes-${userId}`;

/** A session ended with writes not sent (session-ended.ts): `count` of them, or null when they could not be counted. */
export function rememberKeptWrites(userId: string, count: number | null): void {
  deviceStorage.write(keptWritesKey(userId), String(count ?? ''));
}

/** At sign-in: what was kept when the person's last session ended is being sent now; say so, once. */
export function tellAboutKeptWrites(userId: string): void {
  const kept = deviceStorage.read(keptWritesKey(userId));
  if (kept === null) return;
  deviceStorage.remove(keptWritesKey(userId));
  toast(keptWritesToast(Number(kept) || null));
}

/**
 * Said here rather than with the other toasts in schema/messages.ts, which every page loads: this one is only ever
 * needed at a sign-in after a session ended with writes not sent.
 */
function keptWritesToast(count: number | null) {
  const one = count === 1;
  return {
    title: 'Your changes are on their way',
    description: `${one ? 'A change' : count ? `${count} changes` : 'Changes'} you made before you were signed out ${one ? 'was' : 'were'} kept on this device and ${one ? 'is' : 'are'} being sent to your family now.`,
  };
}
