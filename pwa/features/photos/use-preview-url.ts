import { useEffect, useState } from 'react';
import { photoUrl } from '../../../schema/photo-urls.ts';
import { fetchImageOverHttp, keepPreview } from '../../sync/photo-keeper.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { useThumbnailUrl } from './photo-thumbnail.tsx';

/**
 * Where the viewer shows a photo from: its preview kept on this device, else fetched (and kept, within the budget),
 * and meanwhile, or where there is no network, its thumbnail.
 */
export function usePreviewUrl(photoId: string): string | null {
  const db = useHearthDb();
  const thumbnail = useThumbnailUrl(photoId);
  const [preview, setPreview] = useState<{ photoId: string; url: string } | null>(null);
  useEffect(() => {
    let madeUrl: string | null = null;
    let current = true;
    void (async () => {
      const kept = await db.photoImages.get([photoId, 'preview']).catch(() => undefined);
      let blob = kept?.blob ?? null;
      if (kept) {
        void db.photoImages.update([photoId, 'preview'], { lastUsedAt: Date.now() }).catch(() => {});
      } else {
        blob = await fetchImageOverHttp(photoUrl(photoId, 'preview')).catch(() => null);
        if (blob) void keepPreview(db, photoId, blob).catch(() => {});
      }
      if (!current || !blob) return;
      madeUrl = URL.createObjectURL(blob);
      setPreview({ photoId, url: madeUrl });
    })();
    return () => {
      current = false;
      if (madeUrl) URL.revokeObjectURL(madeUrl);
    };
  }, [db, photoId]);
  return preview?.photoId === photoId ? preview.url : thumbnail;
}
