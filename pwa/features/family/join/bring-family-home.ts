import { liveQuery, type Subscription } from 'dexie';
import type { HearthDb } from '../../../db/hearth-db.ts';
import { syncNow } from '../../device-session/device-session.ts';
import { deviceSessionStore } from '../../device-session/device-session-store.ts';
import { rememberSelectedFamily } from '../selected-family.ts';

/**
 * How long a newcomer waits for their new family to reach this device before going home anyway: one pull on a slow
 * phone connection, with room to spare. Whatever has not arrived by then keeps arriving on the home screen.
 */
const arrivalWaitMs = 8000;

/**
 * Makes `familyId` the family shown and, once someone has joined it, fetches it onto this device before home opens
 * (the server pokes the person's devices too), so home shows the family rather than an empty start.
 */
export async function bringFamilyHome(userId: string, familyId: string): Promise<void> {
  rememberSelectedFamily(userId, familyId);
  const { db } = deviceSessionStore.get();
  if (!db) return;
  syncNow();
  await waitForFamily(db, familyId, arrivalWaitMs);
}

/** Resolves true once the family is in the device database, or false when `timeoutMs` passed first. */
export function waitForFamily(db: HearthDb, familyId: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    let subscription: Subscription | undefined;
    let settled = false;
    const settle = (arrived: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      subscription?.unsubscribe();
      resolve(arrived);
    };
    const timer = setTimeout(() => settle(false), timeoutMs);
    subscription = liveQuery(() => db.families.get(familyId)).subscribe({
      next: (family) => {
        if (family) settle(true);
      },
      error: (error: unknown) => {
        console.warn('Could not look for the new family on this device', error);
        settle(false);
      },
    });
    if (settled) subscription.unsubscribe();
  });
}
