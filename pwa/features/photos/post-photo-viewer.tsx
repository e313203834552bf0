import type { SyncedPhoto } from '../../../schema/sync.ts';
import { PhotoViewer } from './photo-viewer.tsx';
import { useFamilyAlbums } from './use-family-photos.ts';

type PostPhotoViewerProps = {
  photos: SyncedPhoto[];
  photoId: string;
  open: boolean;
  onClose: () => void;
  onMove: (photoId: string) => void;
};

/** The viewer, walking through one post's photos, with the family's albums for moving and covers. */
export function PostPhotoViewer({ photos, photoId, open, onClose, onMove }: PostPhotoViewerProps) {
  const familyId = photos[0]?.familyId ?? '';
  const albums = useFamilyAlbums(familyId);
  const index = photos.findIndex((photo) => photo.id === photoId);
  if (index < 0) return null;
  return (
    <PhotoViewer
      photos={photos}
      index={index}
      albums={albums ?? []}
      open={open}
      onClose={onClose}
      onMove={(to) => onMove(photos[to]!.id)}
    />
  );
}
