/**
 * Where a photo's bytes are served (sync-server/routes/photo-routes.ts). A photo's file never changes, so each address
 * names one set of bytes for ever and may be cached as immutable.
 */
export const photoSizes = ['thumb', 'preview', 'original'] as const;
export type PhotoSize = (typeof photoSizes)[number];

/** The spec's address, from the photo's id alone: a photo's `imageUrl`. */
export function photoUrl(photoId: string, size: PhotoSize): string {
  return `/api/photos/${photoId}/${size}`;
}

/** The address the app fetches: in the photo's family, so that a database split by family asks one node (0068). */
export function photoFileUrl(photo: PhotoInFamily, size: PhotoSize): string {
  return `/api/families/${photo.familyId}/photos/${photo.id}/${size}`;
}

/** A photo as its file's address names it. */
export type PhotoInFamily = { id: string; familyId: string };

/** The photo id in one of Hearth's own photo addresses (`imageUrl` of the spec's POST), or null for any other. */
export function photoIdInUrl(url: string): string | null {
  const match = /^\/api\/photos\/([0-9a-f-]{36})\/(thumb|preview|original)$/.exec(url);
  return match?.[1] ?? null;
}
