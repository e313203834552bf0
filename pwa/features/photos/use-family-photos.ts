import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { PhotoUpload } from '../../db/hearth-db.ts';
import type { SyncedAlbum, SyncedPhoto } from '../../../schema/sync.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';

/** The family's photos, newest first, from the device; the `limit` newest only when given. */
export function useFamilyPhotos(familyId: string, limit = Infinity): SyncedPhoto[] | undefined {
  const db = useHearthDb();
  return useLiveQuery(
    () =>
      db.photos
        .where('[familyId+createdAt]')
        .between([familyId, Dexie.minKey], [familyId, Dexie.maxKey])
        .reverse()
        .limit(limit)
        .toArray(),
    [db, familyId, limit],
  );
}

/** The family's albums by name. */
export function useFamilyAlbums(familyId: string): SyncedAlbum[] | undefined {
  const db = useHearthDb();
  return useLiveQuery(
    async () =>
      (await db.albums.where('familyId').equals(familyId).toArray()).sort((a, b) => a.name.localeCompare(b.name)),
    [db, familyId],
  );
}

/** Photos picked on this device for the family and not on the server yet, oldest first. */
export function usePhotoUploads(familyId: string): PhotoUpload[] | undefined {
  const db = useHearthDb();
  return useLiveQuery(
    async () =>
      (await db.photoUploads.orderBy('queuedAt').toArray()).filter(
        (upload) => upload.familyId === familyId && !upload.voice,
      ),
    [db, familyId],
  );
}
