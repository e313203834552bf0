import { readFile } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { heicPixels } from './heic-pixels.ts';

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
  // Orientations 5 to 8 turn the picture a quarter: what people see is the other way round. A HEIF file turns its
  // picture itself (and its decoders report the turned size); its EXIF orientation is only a copy.
  const turned = metadata.format !== 'heif' && (metadata.orientation ?? 1) >= 5;
  return { contentType: type.mime, width: turned ? height : width, height: turned ? width : height };
}

/**
 * The whole image, upright, ready to resize or encode (a truncated file fails when it is decoded, not for the first
 * person who opens it). HEVC-compressed HEIC, which libvips cannot decode, is decoded to pixels by libheif first.
 */
async function decode(input: string | Buffer): Promise<Sharp> {
  const image = sharp(input, { limitInputPixels: maxPixels, failOn: 'truncated' });
  const { format, compression } = await image.metadata();
  if (format !== 'heif' || compression !== 'hevc') return image.rotate();
  let pixels;
  try {
    pixels = await heicPixels(typeof input === 'string' ? await readFile(input) : input);
  } catch {
    throw new ImageRefused('cannotDecode');
  }
  const { width, height, data } = pixels;
  return sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: maxPixels });
}

/** A display size: upright, no larger than the original, no metadata. */
export async function makeDisplaySize(input: string | Buffer, size: DisplaySize): Promise<Buffer> {
  const { longestSide, quality } = displaySizes[size];
  try {
    return await (
      await decode(input)
    )
      .resize({ width: longestSide, height: longestSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer();
  } catch (error) {
    throw error instanceof ImageRefused ? error : new ImageRefused('damaged');
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
  const image = await decode(input);
  if (contentType === 'image/png') return image.png().toBuffer();
  if (contentType === 'image/webp') return image.webp({ quality: 92 }).toBuffer();
  // A HEIC's pixels arrive with an alpha channel, which JPEG has not: see-through parts become white, not black.
  return image.flatten({ background: '#ffffff' }).jpeg({ quality: 92, mozjpeg: true }).toBuffer();
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
