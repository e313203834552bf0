import { useEffect } from 'react';
import type { User } from '../../../schema/entities.ts';

/**
 * Opens the signed-in person's device database and starts syncing it, for as long as they are signed in. The code
 * (Dexie, the sync engine) is fetched only then, so public pages never download it.
 */
export function useDeviceSession(user: User | null): void {
  const userId = user?.id;
  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    const session = import('./device-session.ts');
    void session.then(({ startDeviceSession }) => {
      if (!cancelled) return startDeviceSession(user);
    });
    return () => {
      cancelled = true;
      void session.then(({ endDeviceSession }) => endDeviceSession());
    };
    // A profile change gives a new user object for the same person: the session stays.
  }, [userId]);
}
