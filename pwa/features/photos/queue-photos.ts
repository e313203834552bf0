import { limits } from '../../../schema/limits.ts';
import type { HearthDb } from '../../db/hearth-db.ts';
import { homeChangedByWrite } from '../../lib/home-snapshot.ts';

/** Why a selection cannot be queued as it is: the spec's toasts say it to the person (photo-messages.ts). */
export type SelectionProblem =
  { kind: 'none' } | { kind: 'notImages' } | { kind: 'tooMany' } | { kind: 'tooLarge'; names: string[] };

/**
 * Checks a selection as the person sees it. The server decides by the bytes in the end (a renamed text file is
 * refused there); this only spares a wait for what is plainly wrong.
 */
export function selectionProblem(files: readonly File[]): SelectionProblem | null {
  if (files.length === 0) return { kind: 'none' };
  if (files.length > limits.photosPerSelection) return { kind: 'tooMany' };
  if (!files.every(looksLikePhoto)) return { kind: 'notImages' };
  const tooLarge = files.filter((file) => file.size > limits.photoMaxBytes).map((file) => file.name);
  return tooLarge.length > 0 ? { kind: 'tooLarge', names: tooLarge } : null;
}

/** What the photo pickers offer: images, and iPhone photos, which some systems do not count as images. */
export const photoPickerAccept = 'image/*,.heic,.heif';

/** An image by the browser's word, or an iPhone's HEIC, which browsers other than Safari give no type. */
function looksLikePhoto(file: File): boolean {
  if (file.type === '') return /\.(heic|heif)$/i.test(file.name);
  return file.type.startsWith('image/') && file.type !== 'image/svg+xml';
}

/** A file's name without its extension, as the title a photo gets when none is given (product.md §9). */
export function titleFromFileName(name: string): string {
  return (name.replace(/\.[^./\\]+$/, '') || name).slice(0, limits.photoTitleMax);
}

export type PhotoDetails = { albumId: string | null; title: string | null; description: string | null };

/**
 * Keeps the chosen files on the device, bytes and all, in the order chosen: the uploader sends them when it can
 * (pwa/sync/photo-uploader.ts). Answers the new photos' ids. Each file is titled as given, else by its name.
 */
export async function queuePhotos(
  db: HearthDb,
  familyId: string,
  files: readonly File[],
  { albumId, title, description }: PhotoDetails,
): Promise<string[]> {
  const now = Date.now();
  const uploads = files.map((file, index) => ({
    photoId: crypto.randomUUID(),
    familyId,
    albumId,
    title: title ?? titleFromFileName(file.name),
    description,
    file,
    // A millisecond apart, so the queue keeps the order they were chosen in.
    queuedAt: new Date(now + index).toISOString(),
    state: 'waiting' as const,
  }));
  homeChangedByWrite();
  await db.photoUploads.bulkAdd(uploads);
  homeChangedByWrite();
  return uploads.map((upload) => upload.photoId);
}
