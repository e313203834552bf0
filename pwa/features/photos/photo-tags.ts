import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncedPhotoTag, SyncedUser } from '../../../schema/sync.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';

/** A tag with the tagged person's public fields (`undefined` until their row reaches this device). */
export type PhotoTagView = SyncedPhotoTag & { user: SyncedUser | undefined };

/** Who is in a photo, in the order they were tagged, straight from the device. */
export function usePhotoTags(photoId: string): PhotoTagView[] | undefined {
  const db = useHearthDb();
  return useLiveQuery(async () => {
    const tags = await db.photoTags.where('photoId').equals(photoId).toArray();
    tags.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const users = await db.users.bulkGet(tags.map((tag) => tag.userId));
    return tags.map((tag, index) => ({ ...tag, user: users[index] }));
  }, [db, photoId]);
}

/** The ids of the family's photos `userId` is tagged in; null shows every photo. */
export function usePhotosOfPerson(familyId: string, userId: string | null): ReadonlySet<string> | null | undefined {
  const db = useHearthDb();
  return useLiveQuery(async () => {
    if (userId === null) return null;
    const tags = await db.photoTags.where('userId').equals(userId).toArray();
    return new Set(tags.filter((tag) => tag.familyId === familyId).map((tag) => tag.photoId));
  }, [db, familyId, userId]);
}

/** How many of the family's photos each person is tagged in. */
export function usePhotoCountsByPerson(familyId: string): ReadonlyMap<string, number> | undefined {
  const db = useHearthDb();
  return useLiveQuery(async () => {
    const counts = new Map<string, number>();
    for (const tag of await db.photoTags.where('familyId').equals(familyId).toArray()) {
      counts.set(tag.userId, (counts.get(tag.userId) ?? 0) + 1);
    }
    return counts;
  }, [db, familyId]);
}

/** The server's rule (decision 0060): the tagged person, whoever tagged them, or an admin removes a tag. */
export function canRemoveTag(tag: SyncedPhotoTag, userId: string, isAdmin: boolean): boolean {
  return tag.userId === userId || tag.taggedById === userId || isAdmin;
}
