import { describe, expect, it } from 'vitest';
import { syncIndicatorKind, syncIndicatorText, type SyncStatus } from './sync-status-store.ts';

const allSent: SyncStatus = {
  online: true,
  waiting: 0,
  notSent: 0,
  syncing: false,
  failing: false,
  updateRequired: false,
  lastSyncedAt: null,
  wroteAny: true,
};

describe('the sync indicator', () => {
  it('says the most urgent thing first: refused writes, an update, then offline, then failing, then sending', () => {
    expect(syncIndicatorKind({ ...allSent, notSent: 1, online: false, waiting: 2 })).toBe('not-sent');
    expect(syncIndicatorKind({ ...allSent, updateRequired: true, online: false, waiting: 2 })).toBe('update-needed');
    expect(syncIndicatorKind({ ...allSent, online: false, waiting: 2, failing: true })).toBe('offline');
    expect(syncIndicatorKind({ ...allSent, waiting: 2, failing: true })).toBe('retrying');
    expect(syncIndicatorKind({ ...allSent, waiting: 2 })).toBe('sending');
    expect(syncIndicatorKind({ ...allSent, syncing: true })).toBe('sending');
    expect(syncIndicatorKind(allSent)).toBe('all-sent');
  });

  it('counts what is waiting in words a person reads at a glance', () => {
    expect(syncIndicatorText({ ...allSent, online: false, waiting: 1 })).toEqual({
      label: 'Offline',
      detail: '1 change waiting, sent when you are back online.',
    });
    expect(syncIndicatorText({ ...allSent, waiting: 3 }).label).toBe('Sending 3');
    expect(syncIndicatorText({ ...allSent, notSent: 2 }).label).toBe('2 not sent');
    expect(syncIndicatorText(allSent).label).toBe('All sent');
  });

  it('calls nothing sent before the device database has been read', () => {
    expect(syncIndicatorKind({ ...allSent, waiting: null })).toBe('sending');
    expect(syncIndicatorText({ ...allSent, waiting: null })).toEqual({
      label: 'Checking',
      detail: 'Checking what is waiting to be sent.',
    });
    expect(syncIndicatorKind({ ...allSent, waiting: null, online: false })).toBe('offline');
  });

  it('does not tell someone who has written nothing yet that it was all sent', () => {
    expect(syncIndicatorText({ ...allSent, wroteAny: false })).toEqual({
      label: 'Up to date',
      detail: 'Nothing is waiting, and you have everything from your family.',
    });
  });

  it('says calmly that the server cannot be reached, and when the last sync was, instead of "Sending" forever', () => {
    const now = Date.UTC(2030, 0, 1, 12);
    expect(syncIndicatorText({ ...allSent, failing: true, waiting: 3, lastSyncedAt: now - 5 * 60_000 }, now)).toEqual({
      label: 'Retrying',
      detail:
        "Couldn't reach Hearth — retrying. Last synced 5 minutes ago. 3 changes waiting, kept safe on this device.",
    });
    expect(syncIndicatorText({ ...allSent, failing: true }, now).detail).toBe("Couldn't reach Hearth — retrying.");
  });

  it('asks for the update, not "Retrying", once the server needs a newer Hearth', () => {
    expect(syncIndicatorText({ ...allSent, updateRequired: true, waiting: 2 })).toEqual({
      label: 'Update needed',
      detail: 'Update Hearth to keep sending and receiving. 2 changes waiting, kept safe on this device.',
    });
  });
});
