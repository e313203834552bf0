import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useState } from 'react';
import type { SyncedMessage, SyncedUser } from '../../../schema/sync.ts';
import { api } from '../../lib/api-client.ts';
import { keepFetchedMessages } from '../../sync/message-window.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { readChat, type ChatView } from './read-chat.ts';

/** The family's conversation as the device holds it, kept current as messages arrive. */
export function useChat(familyId: string): ChatView | undefined {
  const db = useHearthDb();
  const user = useSignedInUser();
  return useLiveQuery(() => readChat(db, familyId, user.id), [db, familyId, user.id]);
}

/** How many older messages one scroll to the top asks the server for. */
const olderPageSize = 50;

export type OlderMessages = { state: 'idle' | 'loading' | 'failed'; load: () => void };

/**
 * Messages older than the device's window, fetched from the server as the person scrolls up to them and kept on the
 * device with the rest (until syncing next starts: pwa/sync/message-window.ts).
 */
export function useOlderMessages(familyId: string, before: number | null): OlderMessages {
  const db = useHearthDb();
  const [state, setState] = useState<OlderMessages['state']>('idle');
  const load = useCallback(() => {
    if (before === null || state === 'loading') return;
    setState('loading');
    api
      .get<(SyncedMessage & { sender: SyncedUser })[]>(
        `/api/families/${familyId}/messages?before=${before}&limit=${olderPageSize}`,
      )
      .then((page) => keepFetchedMessages(db, page))
      .then(
        () => setState('idle'),
        (error: unknown) => {
          console.warn('Could not fetch older messages', error);
          setState('failed');
        },
      );
  }, [db, familyId, before, state]);
  return { state, load };
}
