import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncedFamily } from '../../../schema/sync.ts';
import { useHearthDb } from '../sync/device-session-store.ts';

const selectedFamilyKey = 'hearth-selected-family';

/** The family the person last chose (or created) on this device. */
export function rememberSelectedFamily(familyId: string): void {
  try {
    localStorage.setItem(selectedFamilyKey, familyId);
  } catch {
    // Without storage the first family is shown, as the spec's default.
  }
}

function rememberedFamilyId(): string | null {
  try {
    return localStorage.getItem(selectedFamilyKey);
  } catch {
    return null;
  }
}

export type FamiliesOnDevice = {
  /** Undefined while the device database answers (a few milliseconds). */
  families: SyncedFamily[] | undefined;
  selected: SyncedFamily | undefined;
};

/** The person's families on this device, oldest first, and the one shown: the remembered one, else the first. */
export function useSelectedFamily(): FamiliesOnDevice {
  const db = useHearthDb();
  const families = useLiveQuery(async () => {
    const all = await db.families.toArray();
    return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }, [db]);
  const remembered = rememberedFamilyId();
  const selected = families?.find((family) => family.id === remembered) ?? families?.[0];
  return { families, selected };
}
