import { framePhotoUrl } from '../../../schema/frames.ts';

/**
 * The pictures a frame keeps to go on showing offline: a Cache API cache of its own, at most `maxPictures`, the
 * oldest out first. Only a frame's page opens it; a frame turned off deletes it.
 */
const cacheName = 'hearth-frame-pictures';
export const maxPictures = 60;

export const framePictures = {
  /**
   * The preview of `photoId` as an object URL, from the cache or fetched (and kept): the caller revokes it once it
   * is off screen. Null when neither has it (offline and never kept, or gone from the family).
   */
  async objectUrl(photoId: string): Promise<string | null> {
    const url = framePhotoUrl(photoId, 'preview');
    const cache = await caches.open(cacheName);
    let response = await cache.match(url);
    if (!response) {
      try {
        const fetched = await fetch(url, { credentials: 'include' });
        if (!fetched.ok) return null;
        await cache.put(url, fetched.clone());
        await trim(cache);
        response = fetched;
      } catch {
        return null;
      }
    }
    return URL.createObjectURL(await response.blob());
  },

  /** Keeps only the pictures of photos still listed: a deleted photo leaves the mantelpiece too. */
  async keepOnly(photoIds: string[]): Promise<void> {
    const cache = await caches.open(cacheName);
    const listed = new Set(photoIds.map((id) => new URL(framePhotoUrl(id, 'preview'), location.origin).href));
    for (const request of await cache.keys()) if (!listed.has(request.url)) await cache.delete(request);
  },

  forgetAll: () => caches.delete(cacheName),
};

/** A cache's keys come oldest first: past the bound, those go. */
async function trim(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  for (const request of keys.slice(0, Math.max(0, keys.length - maxPictures))) await cache.delete(request);
}
