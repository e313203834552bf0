import { useEffect, useState } from 'react';
import { photoFileUrl, type PhotoInFamily } from '../../../schema/photo-urls.ts';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';

/**
 * Where to show a photo's thumbnail from: the copy kept on this device (pwa/sync/photo-keeper.ts), which shows on a
 * plane and on a connection that hangs, else the server's address. Null for the moment it takes to look.
 */
export function useThumbnailUrl(photo: PhotoInFamily): string | null {
  const { id: photoId, familyId } = photo;
  const db = useHearthDb();
  const [kept, setKept] = useState<{ photoId: string; blob: Blob | null } | null>(null);
  useEffect(() => {
    let current = true;
    db.photoImages
      .get([photoId, 'thumb'])
      .catch(() => undefined)
      .then((row) => current && setKept({ photoId, blob: row?.blob ?? null }));
    return () => {
      current = false;
    };
  }, [db, photoId]);
  const looked = kept?.photoId === photoId ? kept : null;
  const keptUrl = useObjectUrl(looked?.blob ?? null);
  if (!looked) return null;
  return looked.blob ? keptUrl : photoFileUrl({ id: photoId, familyId }, 'thumb');
}

/** A photo's thumbnail, from the device when kept; nothing (the tile's own ground) where it cannot be had. */
export function PhotoThumbnail({ photo, alt, className }: { photo: PhotoInFamily; alt: string; className?: string }) {
  const url = useThumbnailUrl(photo);
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return null;
  return (
    <img src={url} alt={alt} loading="lazy" decoding="async" className={className} onError={() => setFailed(url)} />
  );
}
