import type { ReactNode } from 'react';
import { LoadingScreen } from '../shell/loading-screen.tsx';
import { deviceSessionStore } from './device-session-store.ts';
import { StorageUnavailableScreen } from './storage-unavailable-screen.tsx';

/** Signed-in screens read the person's device database, so they wait the moment it takes to open. */
export function SignedInArea({ children }: { children: ReactNode }) {
  const { db, storageUnavailable } = deviceSessionStore.use();
  if (db) return children;
  return storageUnavailable ? <StorageUnavailableScreen /> : <LoadingScreen />;
}
