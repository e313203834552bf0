import { useLiveQuery } from 'dexie-react-hooks';
import { deviceStorage } from '../../lib/device-storage.ts';
import type { SyncedFamily } from '../../../schema/sync.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { useHearthDb } from '../sync/device-session-store.ts';

/** Per person: on a shared tablet, one person's choice must not pick (or reveal) another's family. */
function selectedFamilyKey(userId: string): string {
  return `hearth-selected-family-${userId}`;
}

/** The family the person last chose (or created) on this device; without storage, the first family is shown. */
export function rememberSelectedFamily(userId: string, familyId: string): void {
  deviceStorage.write(selectedFamilyKey(userId), familyId);
}

export function rememberedFamilyId(userId: string): string | null {
  return deviceStorage.read(selectedFamilyKey(userId));
}

/** At sign-out, with the rest of the person's data on this device. */
export function forgetSelectedFamily(userId: string): void {
  deviceStorage.remove(selectedFamilyKey(userId));
}

export type FamiliesOnDevice = {
  /** Undefined while the device database answers (a few milliseconds). */
  families: SyncedFamily[] | undefined;
  selected: SyncedFamily | undefined;
};

/** The person's families on this device, oldest first, and the one shown: the remembered one, else the first. */
export function useSelectedFamily(): FamiliesOnDevice {
  const db = useHearthDb();
  const user = useSignedInUser();
  const families = useLiveQuery(async () => {
    const all = await db.families.toArray();
    return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }, [db]);
  const remembered = rememberedFamilyId(user.id);
  const selected = families?.find((family) => family.id === remembered) ?? families?.[0];
  return { families, selected };
}
