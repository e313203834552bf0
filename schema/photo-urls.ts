/**
 * Where a photo's bytes are served (sync-server/routes/photo-routes.ts). Made from the photo's id alone: a photo's file never changes,
 * so each address names one set of bytes for ever and may be cached as immutable.
 */
export const photoSizes = ['thumb', 'preview', 'original'] as const;
export type PhotoSize = (typeof photoSizes)[number];

export function photoUrl(photoId: string, size: PhotoSize): string {
  return `/api/photos/${photoId}/${size}`;
}

/** The photo id in one of Hearth's own photo addresses (`imageUrl` of the spec's POST), or null for any other. */
export function photoIdInUrl(url: string): string | null {
  const match = /^\/api\/photos\/([0-9a-f-]{36})\/(thumb|preview|original)$/.exec(url);
  return match?.[1] ?? null;
}
