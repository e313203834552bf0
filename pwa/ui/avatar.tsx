import { useState } from 'react';
import { avatarSize, image } from './avatar.css.ts';

type AvatarProps = {
  imageUrl: string | null;
  /** Up to two letters shown when there is no picture, or it fails to load. */
  initials: string;
  size?: keyof typeof avatarSize;
};

/** Decorative: the person's name is always written next to it, so it is hidden from screen readers. */
export function Avatar({ imageUrl, initials, size = 'md' }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = imageUrl !== null && imageUrl !== failedUrl;
  return (
    <span className={avatarSize[size]} aria-hidden="true">
      {showImage ? <img src={imageUrl} alt="" className={image} onError={() => setFailedUrl(imageUrl)} /> : initials}
    </span>
  );
}
