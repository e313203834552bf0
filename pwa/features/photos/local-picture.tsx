import { useState } from 'react';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import * as styles from './local-picture.css.ts';

/**
 * A picture made from a file on this device, before the server has it. A browser that cannot draw the file (Chrome
 * and Firefox with an iPhone's HEIC, which the server turns into pictures everyone can see) shows the file's kind
 * in its place rather than a broken image.
 */
export function LocalPicture({ file, alt, className }: { file: Blob; alt: string; className: string }) {
  const url = useObjectUrl(file);
  const [unreadable, setUnreadable] = useState(false);
  if (!url) return null;
  if (unreadable) {
    const name = file instanceof File ? file.name : '';
    const kind = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toUpperCase() ?? 'Photo';
    return (
      <span role="img" aria-label={alt} className={`${className} ${styles.unreadable}`}>
        {kind}
      </span>
    );
  }
  return <img src={url} alt={alt} className={className} onError={() => setUnreadable(true)} />;
}
