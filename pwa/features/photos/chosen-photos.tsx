import { useEffect, useState } from 'react';
import { IconButton } from '../../ui/icon-button.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import * as styles from './chosen-photos.css.ts';

type ChosenPhotosProps = {
  files: readonly File[];
  /** Offered as a × on each picture when given. */
  onRemove?: (index: number) => void;
};

/** Files picked to upload, as small pictures made from their own bytes, before anything is sent. */
export function ChosenPhotos({ files, onRemove }: ChosenPhotosProps) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((file) => URL.createObjectURL(file));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [files]);
  return (
    <ul className={styles.previews} aria-label="Chosen photos">
      {urls.map((url, index) => (
        <li key={url} className={styles.preview}>
          <img src={url} alt={files[index]?.name ?? ''} className={styles.previewImage} />
          {onRemove ? (
            <IconButton
              label={`Remove ${files[index]?.name ?? 'this photo'}`}
              icon={<CloseIcon />}
              className={styles.remove}
              onClick={() => onRemove(index)}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
