import { createExternalStore } from '../lib/external-store.ts';

/**
 * How far each photo file in flight has got, 0 to 1, for the tiles and the upload dialog. Apart from the uploader,
 * whose code comes only with the first photo picked (run-sync.ts), while a feed with photos shows this on every page.
 */
export const uploadProgress = createExternalStore<ReadonlyMap<string, number>>(new Map());

export function setUploadProgress(photoId: string, fraction: number | null): void {
  const next = new Map(uploadProgress.get());
  if (fraction === null) next.delete(photoId);
  else next.set(photoId, fraction);
  uploadProgress.set(next);
}
