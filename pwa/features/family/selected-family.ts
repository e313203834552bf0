import { useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { deviceStorage } from '../../lib/device-storage.ts';
import { createExternalStore } from '../../lib/external-store.ts';
import type { SyncedFamily } from '../../../schema/sync.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';

/** Per person: on a shared tablet, one person's choice must not pick (or reveal) another's family. */
function selectedFamilyKey(userId: string): string {
  return `hearth-selected-family-${userId}`;
}

/**
 * The choices made in this visit, by person (null once forgotten), kept ahead of storage: every screen that shows
 * the family (the feed, the switcher, the tree) follows a choice at once, and without storage it still holds until
 * the page closes.
 */
const chosenFamilies = createExternalStore<ReadonlyMap<string, string | null>>(new Map());

function choose(userId: string, familyId: string | null): void {
  chosenFamilies.set(new Map(chosenFamilies.get()).set(userId, familyId));
}

/** The family the person last chose (or created, or joined) on this device; every screen showing it follows. */
export function rememberSelectedFamily(userId: string, familyId: string): void {
  deviceStorage.write(selectedFamilyKey(userId), familyId);
  choose(userId, familyId);
}

export function rememberedFamilyId(userId: string): string | null {
  const chosen = chosenFamilies.get();
  return chosen.has(userId) ? (chosen.get(userId) ?? null) : deviceStorage.read(selectedFamilyKey(userId));
}

/**
 * A push opens its screen with `?family=<id>` (sync-server/push/push-delivery.ts): that family becomes the chosen one,
 * as a tap on the bell makes it, and the address drops the parameter, so a reload does not choose it again. A family
 * that is not the person's is never shown: the choice falls back as for any family they left.
 */
export function useFamilyFromAddress(userId: string): void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { family, ...rest } = search as Record<string, unknown>;
  useEffect(() => {
    if (typeof family !== 'string') return;
    rememberSelectedFamily(userId, family);
    void navigate({ to: pathname, search: rest as never, replace: true });
    // Only a new address asks: `rest` is a new object at every render.
  }, [userId, family, pathname]);
}

/** At sign-out, with the rest of the person's data on this device. */
export function forgetSelectedFamily(userId: string): void {
  deviceStorage.remove(selectedFamilyKey(userId));
  choose(userId, null);
}

/** Calls `listener` whenever someone's choice changes. Answers the function that unsubscribes. */
export function subscribeToSelectedFamily(listener: () => void): () => void {
  return chosenFamilies.subscribe(listener);
}

/** The family shown: the remembered one while the person still belongs to it, else their first. */
export function pickSelectedFamily<Family extends { id: string }>(
  families: readonly Family[] | undefined,
  rememberedId: string | null,
): Family | undefined {
  return families?.find((family) => family.id === rememberedId) ?? families?.[0];
}

export type FamiliesOnDevice = {
  /** Undefined while the device database answers (a few milliseconds). */
  families: SyncedFamily[] | undefined;
  selected: SyncedFamily | undefined;
};

/** The person's families on this device, oldest first, and the one shown; re-renders when another is chosen. */
export function useSelectedFamily(): FamiliesOnDevice {
  const db = useHearthDb();
  const user = useSignedInUser();
  const families = useLiveQuery(async () => {
    const all = await db.families.toArray();
    return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }, [db]);
  const readRemembered = () => rememberedFamilyId(user.id);
  const remembered = useSyncExternalStore(subscribeToSelectedFamily, readRemembered, readRemembered);
  return { families, selected: pickSelectedFamily(families, remembered) };
}
