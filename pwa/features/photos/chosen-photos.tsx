import { IconButton } from '../../ui/icon-button.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import * as styles from './chosen-photos.css.ts';
import { LocalPicture } from './local-picture.tsx';

type ChosenPhotosProps = {
  files: readonly File[];
  /** Offered as a × on each picture when given. */
  onRemove?: (index: number) => void;
};

/** Files picked to upload, as small pictures made from their own bytes, before anything is sent. */
export function ChosenPhotos({ files, onRemove }: ChosenPhotosProps) {
  return (
    <ul className={styles.previews} aria-label="Chosen photos">
      {files.map((file, index) => (
        <li key={`${index}:${file.name}:${file.lastModified}`} className={styles.preview}>
          <LocalPicture file={file} alt={`Photo ${index + 1} of ${files.length}`} className={styles.previewImage} />
          {onRemove ? (
            <IconButton
              label={`Remove photo ${index + 1} of ${files.length}`}
              icon={
                <span className={styles.removeDisc}>
                  <CloseIcon size="1rem" />
                </span>
              }
              className={styles.remove}
              onClick={() => onRemove(index)}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
