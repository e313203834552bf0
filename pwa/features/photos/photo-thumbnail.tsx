import { useEffect, useState } from 'react';
import { photoUrl } from '../../../schema/photo-urls.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';

/**
 * Where to show a photo's thumbnail from: the copy kept on this device (pwa/sync/photo-keeper.ts), which shows on a
 * plane and on a connection that hangs, else the server's address. Null for the moment it takes to look.
 */
export function useThumbnailUrl(photoId: string): string | null {
  const db = useHearthDb();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let madeUrl: string | null = null;
    let current = true;
    db.photoImages
      .get([photoId, 'thumb'])
      .catch(() => undefined)
      .then((kept) => {
        if (!current) return;
        madeUrl = kept ? URL.createObjectURL(kept.blob) : null;
        setUrl(madeUrl ?? photoUrl(photoId, 'thumb'));
      });
    return () => {
      current = false;
      if (madeUrl) URL.revokeObjectURL(madeUrl);
    };
  }, [db, photoId]);
  return url;
}

/** A photo's thumbnail, from the device when kept; nothing (the tile's own ground) where it cannot be had. */
export function PhotoThumbnail({ photoId, alt, className }: { photoId: string; alt: string; className?: string }) {
  const url = useThumbnailUrl(photoId);
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return null;
  return (
    <img src={url} alt={alt} loading="lazy" decoding="async" className={className} onError={() => setFailed(url)} />
  );
}
