/**
 * A `Content-Disposition` that saves a download under a person's own words in any script (RFC 6266's filename*),
 * with a plain name for browsers that need one, and always the extension of what is sent, so the saved file opens.
 */
export function attachmentNamed(words: string | null, fallback: string, extension: string): string {
  const name =
    (words ?? '')
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 60) || fallback;
  return `attachment; filename="${fallback}.${extension}"; filename*=UTF-8''${encodeURIComponent(name)}.${extension}`;
}

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

/** The usual extension of an image type Hearth keeps (photos/photo-images.ts decides the type from the bytes). */
export function imageExtension(contentType: string): string {
  return extensions[contentType] ?? contentType.replace(/^image\//, '').replace(/[^a-z0-9]/g, '');
}
