import { formatRelativeTime } from '../../lib/format-date.ts';
import { createExternalStore } from '../../lib/external-store.ts';

/**
 * What the sync indicator shows, fed by the device session (device-session.ts). Kept free of
 * Dexie so the header can show it without loading the device database code.
 */
export type SyncStatus = {
  online: boolean;
  /**
   * Writes on this device the server has not confirmed yet, photos still to upload included; null until the device
   * database has been read: nothing may be called sent before then (docs/decisions/0030-a-write-shown-is-a-write-kept.md).
   */
  waiting: number | null;
  /** Writes the server refused; each is listed with Retry and Discard. */
  notSent: number;
  /** A push or pull is running right now. */
  syncing: boolean;
  /** The last push or pull failed with something other than a lost connection; it is retried with backoff. */
  failing: boolean;
  /** This version of Hearth is too old for the server: nothing is sent until the update (the prompt offers it). */
  updateRequired: boolean;
  /** When the last complete sync ended (milliseconds since the epoch), if this session saw one. */
  lastSyncedAt: number | null;
  /** Whether this person has ever written something on this device: before that, there is nothing to call "sent". */
  wroteAny: boolean;
};

/** What there is to say with no device session running: nothing waiting, nothing heard. */
export const noSessionStatus: Omit<SyncStatus, 'online'> = {
  waiting: null,
  notSent: 0,
  syncing: false,
  failing: false,
  updateRequired: false,
  lastSyncedAt: null,
  wroteAny: false,
};

export const syncStatusStore = createExternalStore<SyncStatus>({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  ...noSessionStatus,
});

export type SyncIndicatorKind = 'offline' | 'not-sent' | 'update-needed' | 'retrying' | 'sending' | 'all-sent';

/** The one thing worth saying, most urgent first. */
export function syncIndicatorKind(status: SyncStatus): SyncIndicatorKind {
  if (status.notSent > 0) return 'not-sent';
  if (status.updateRequired) return 'update-needed';
  if (!status.online) return 'offline';
  if (status.failing) return 'retrying';
  if (status.waiting !== 0 || status.syncing) return 'sending';
  return 'all-sent';
}

export function syncIndicatorText(status: SyncStatus, now: number = Date.now()): { label: string; detail: string } {
  const waiting = status.waiting ?? 0;
  switch (syncIndicatorKind(status)) {
    case 'not-sent':
      return {
        label: `${status.notSent} not sent`,
        detail: "Some changes couldn't be sent. See why, and choose what to do with each.",
      };
    case 'update-needed': {
      const kept = waiting > 0 ? ` ${changes(waiting)} waiting, kept safe on this device.` : '';
      return { label: 'Update needed', detail: `Update Hearth to keep sending and receiving.${kept}` };
    }
    case 'offline':
      return {
        label: 'Offline',
        detail:
          waiting > 0
            ? `${changes(waiting)} waiting, sent when you are back online.`
            : 'You can keep reading and writing. Changes are sent when you are back online.',
      };
    case 'retrying': {
      const lastSynced =
        status.lastSyncedAt === null
          ? ''
          : ` Last synced ${formatRelativeTime(new Date(status.lastSyncedAt).toISOString(), now)}.`;
      const kept = waiting > 0 ? ` ${changes(waiting)} waiting, kept safe on this device.` : '';
      return { label: 'Retrying', detail: `Couldn't reach Hearth — retrying.${lastSynced}${kept}` };
    }
    case 'sending':
      if (status.waiting === null) return { label: 'Checking', detail: 'Checking what is waiting to be sent.' };
      return {
        label: waiting > 0 ? `Sending ${waiting}` : 'Syncing',
        detail: waiting > 0 ? `Sending ${changes(waiting)}.` : 'Checking for news from your family.',
      };
    case 'all-sent':
      return status.wroteAny
        ? { label: 'All sent', detail: 'Everything you wrote has reached your family.' }
        : { label: 'Up to date', detail: 'Nothing is waiting, and you have everything from your family.' };
  }
}

function changes(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
}
