import { formatLongDate } from '../../lib/format-date.ts';

/**
 * Whether a title is only what a camera or phone named the file ("IMG_2043", "PXL_20260321_141502",
 * "Screenshot 2026-03-21 at 14.15"): a photo's title is its file name unless someone wrote one (queue-photos.ts).
 */
export function isMadeUpFileName(title: string): boolean {
  const name = title.trim();
  return (
    /^(img|dsc|dscn|dscf|dcim|pxl|mvimg|vid|photo|image|pic|screenshot|whatsapp image|signal)[\s_-]*\d/i.test(name) ||
    // No spaces and a long run of digits: a counter or a time stamp, not words.
    (!/\s/.test(name) && /\d{4,}/.test(name))
  );
}

/**
 * What a photo is, for those who hear it rather than see it (and where it cannot load): its caption when someone
 * wrote one, else who shared it and when. Never a camera's file name.
 */
export function photoAlt(
  photo: { title: string | null; description?: string | null; createdAt: string },
  sharedBy?: string,
): string {
  const caption = [photo.title, photo.description].find((text) => text?.trim() && !isMadeUpFileName(text));
  if (caption) return caption.trim();
  const when = formatLongDate(photo.createdAt);
  return sharedBy ? `Photo shared by ${sharedBy} on ${when}` : `Photo shared on ${when}`;
}
