import { useEffect, useState } from 'react';
import { photoFileUrl, type PhotoInFamily } from '../../../schema/photo-urls.ts';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import { fetchImageOverHttp, keepPreview } from '../../sync/photo-keeper.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { useThumbnailUrl } from './photo-thumbnail.tsx';

/**
 * Where the viewer shows a photo from: its preview kept on this device, else fetched (and kept, within the budget),
 * and meanwhile, or where there is no network, its thumbnail.
 */
export function usePreviewUrl(photo: PhotoInFamily): string | null {
  const { id: photoId, familyId } = photo;
  const db = useHearthDb();
  const thumbnail = useThumbnailUrl(photo);
  const [preview, setPreview] = useState<{ photoId: string; blob: Blob } | null>(null);
  useEffect(() => {
    let current = true;
    void (async () => {
      const kept = await db.photoImages.get([photoId, 'preview']).catch(() => undefined);
      let blob = kept?.blob ?? null;
      if (kept) {
        void db.photoImages.update([photoId, 'preview'], { lastUsedAt: Date.now() }).catch(() => {});
      } else {
        blob = await fetchImageOverHttp(photoFileUrl({ id: photoId, familyId }, 'preview')).catch(() => null);
        if (blob) void keepPreview(db, photoId, blob).catch(() => {});
      }
      if (current && blob) setPreview({ photoId, blob });
    })();
    return () => {
      current = false;
    };
  }, [db, photoId, familyId]);
  const previewUrl = useObjectUrl(preview?.photoId === photoId ? preview.blob : null);
  return previewUrl ?? thumbnail;
}
