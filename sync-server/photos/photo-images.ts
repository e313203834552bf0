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
async function decode(input: string | Buffer, { animated = false } = {}): Promise<Sharp> {
  const image = sharp(input, { limitInputPixels: maxPixels, failOn: 'truncated', animated });
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
 * The most pixels in another member's copy of an original (docs/decisions/0034-what-others-get-of-a-photo.md): a
 * copy's memory grows with its pixels, and 16 MP prints well at A3. An animated GIF keeps its frames only while all of
 * them together fit; else it is its first frame.
 */
export const sharedMaxPixels = 16_000_000;

/** Longest a copy may take to make: a file that decodes slowly (a header bomb) fails, it does not hold the pool. */
const sharedSeconds = 60;

/**
 * The original as another member downloads it (in `sharedContentType`): upright, at most `sharedMaxPixels`, and
 * re-encoded whatever its format, so no metadata block of any kind (EXIF, XMP, comments, text chunks) goes with it.
 * `width` and `height` are the upright size `inspectImage` answered.
 */
export async function makeSharedOriginal(
  input: Buffer,
  { contentType, width, height }: { contentType: string; width: number; height: number },
): Promise<Buffer> {
  try {
    const { pages = 1 } = await sharp(input).metadata();
    const animated = contentType === 'image/gif' && pages > 1 && width * height * pages <= sharedMaxPixels;
    const scale = Math.min(1, Math.sqrt(sharedMaxPixels / (width * height)));
    const image = (await decode(input, { animated }))
      .resize({
        width: Math.max(1, Math.floor(width * scale)),
        height: Math.max(1, Math.floor(height * scale)),
        fit: 'inside',
        withoutEnlargement: true,
      })
      .timeout({ seconds: sharedSeconds });
    if (contentType === 'image/gif') return await image.gif().toBuffer();
    if (contentType === 'image/png') return await image.png().toBuffer();
    if (contentType === 'image/webp') return await image.webp({ quality: 92 }).toBuffer();
    // A HEIC's pixels arrive with an alpha channel, which JPEG has not: see-through parts become white, not black.
    // Baseline JPEG (not mozjpeg's progressive scans) is encoded in strips, without every coefficient held at once.
    return await image.flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();
  } catch (error) {
    throw error instanceof ImageRefused ? error : new ImageRefused('damaged');
  }
}

/**
 * Runs image jobs within a budget (docs/decisions/0034-what-others-get-of-a-photo.md): at most `jobs` at once, and
 * at most `pixels` being decoded at once, a job's weight being its source's pixels. One family's album must not take
 * every core from everyone's feed, and N large photos asked for at once must not take N times the memory. A job
 * heavier than the whole budget runs alone.
 */
export function createImageQueue({ jobs, pixels }: { jobs: number; pixels: number }) {
  let running = 0;
  let weighing = 0;
  const waiting: { weight: number; start: () => void }[] = [];
  const fits = (weight: number) => running === 0 || (running < jobs && weighing + weight <= pixels);
  function startWaiting() {
    while (waiting.length > 0 && fits(waiting[0]!.weight)) {
      const next = waiting.shift()!;
      running += 1;
      weighing += next.weight;
      next.start();
    }
  }
  return async function run<T>(weight: number, job: () => Promise<T>): Promise<T> {
    const own = Math.min(weight, pixels);
    if (waiting.length > 0 || !fits(own)) {
      await new Promise<void>((start) => waiting.push({ weight: own, start }));
    } else {
      running += 1;
      weighing += own;
    }
    try {
      return await job();
    } finally {
      running -= 1;
      weighing -= own;
      startWaiting();
    }
  };
}
