import { display } from '../../../../schema/limits.ts';
import { photoAlt } from '../../photos/photo-alt.ts';
import { PhotoThumbnail } from '../../photos/photo-thumbnail.tsx';
import { useFamilyPhotos } from '../../photos/use-family-photos.ts';
import { DashboardPanel } from './dashboard-panel.tsx';
import * as styles from './dashboard-panels.css.ts';

/** The family's newest photos (product.md §9: six), newest first, from the device, as thumbnails (a few KB each). */
export function RecentPhotosPanel({ familyId }: { familyId: string }) {
  const photos = useFamilyPhotos(familyId, display.recentPhotos);
  return (
    <DashboardPanel title="Recent Photos">
      {photos === undefined ? null : photos.length === 0 ? (
        <p className={styles.empty}>No photos yet. Photos your family shares will appear here.</p>
      ) : (
        <ul className={styles.photoGrid}>
          {photos.map((photo) => (
            <li key={photo.id}>
              <PhotoThumbnail photo={photo} alt={photoAlt(photo)} className={styles.photo} />
            </li>
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}
