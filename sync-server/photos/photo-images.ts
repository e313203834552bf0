import { fileTypeFromFile } from 'file-type';
import sharp, { type Metadata } from 'sharp';

/**
 * What Hearth does with an image's pixels (docs/decisions/0017-photos.md): decide what a file is by its bytes, refuse
 * what it cannot show, and make the sizes people see. Nothing made here carries the original's metadata: sharp
 * writes none unless asked, so GPS and camera details stay in the uploader's own original only.
 */

/** Types decided by the bytes, never by the name or the browser's word. SVG (a document that can run script) is not one. */
const acceptedTypes: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

// libvips keeps recent operations and their pixels in a cache: a server sees each photo once or twice, so the cache
// only holds memory (about 100 MB at ten uploads at once) for nothing.
sharp.cache(false);

/** A decompression bomb (a small file of 30,000 × 30,000 pixels) is refused before it is decoded. */
export const maxPixels = 80_000_000;

/** The sizes made for viewing, as WebP: a grid tile, and the viewer's picture (sharp on a retina tablet). */
export const displaySizes = {
  thumb: { longestSide: 480, quality: 76 },
  preview: { longestSide: 2048, quality: 82 },
} as const;
export type DisplaySize = keyof typeof displaySizes;

export type ImageProblem = 'notAnImage' | 'damaged' | 'tooManyPixels' | 'cannotDecode';

export class ImageRefused extends Error {
  override name = 'ImageRefused';
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

export type InspectedImage = { contentType: string; width: number; height: number };

/** What the file is, by its bytes, and its size as people will see it (EXIF orientation applied). */
export async function inspectImage(path: string): Promise<InspectedImage> {
  const type = await fileTypeFromFile(path);
  if (!type || !(type.mime in acceptedTypes)) throw new ImageRefused('notAnImage');
  let metadata: Metadata;
  try {
    metadata = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused('damaged');
  }
  const { width, height } = metadata;
  if (!width || !height) throw new ImageRefused('damaged');
  if (width * height > maxPixels) throw new ImageRefused('tooManyPixels');
  // Orientations 5 to 8 turn the picture a quarter: what people see is the other way round.
  const turned = (metadata.orientation ?? 1) >= 5;
  return { contentType: type.mime, width: turned ? height : width, height: turned ? width : height };
}

/** Decodes the whole image (a truncated file fails here, not for the first person who opens it). */
function decode(input: string | Buffer) {
  return sharp(input, { limitInputPixels: maxPixels, failOn: 'truncated' }).rotate();
}

/** A display size: upright, no larger than the original, no metadata. */
export async function makeDisplaySize(input: string | Buffer, size: DisplaySize): Promise<Buffer> {
  const { longestSide, quality } = displaySizes[size];
  try {
    return await decode(input)
      .resize({ width: longestSide, height: longestSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer();
  } catch (error) {
    throw new ImageRefused(/heif|heic|hevc|codec/i.test(String(error)) ? 'cannotDecode' : 'damaged');
  }
}

/** The type another member's copy of an original is in: its own where that keeps well, else JPEG. */
export function sharedContentType(contentType: string): string {
  return ['image/gif', 'image/png', 'image/webp'].includes(contentType) ? contentType : 'image/jpeg';
}

/**
 * The original as another member downloads it (in `sharedContentType`): full size and upright, as it is where the
 * format carries no location (a GIF has no EXIF), else re-encoded at high quality without metadata.
 */
export async function makeSharedOriginal(input: Buffer, contentType: string): Promise<Buffer> {
  if (contentType === 'image/gif') return input;
  const image = decode(input);
  if (contentType === 'image/png') return image.png().toBuffer();
  if (contentType === 'image/webp') return image.webp({ quality: 92 }).toBuffer();
  return image.jpeg({ quality: 92, mozjpeg: true }).toBuffer();
}

/** Runs at most `limit` image jobs at once: one family's album must not take every core from everyone's feed. */
export function createImageQueue(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await job();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
