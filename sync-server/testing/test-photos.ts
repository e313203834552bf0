import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A JPEG as a phone makes one: a few hundred pixels, with the camera's GPS position in its EXIF. */
export function phonePhoto({ width = 1200, height = 900, hue = 30 } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120 + hue, b: 80 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'Hearth test camera', Model: 'Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function multipartFile(bytes: Buffer, { filename = 'photo.jpg', contentType = 'image/jpeg' } = {}) {
  const boundary = `----hearth${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads `bytes` as the file of photo `photoId` in `familyId`, as the device does before naming the photo. */
export function uploadPhotoFile(
  app: FastifyInstance,
  cookie: string,
  { familyId, photoId, bytes, filename }: { familyId: string; photoId: string; bytes: Buffer; filename?: string },
) {
  const { payload, headers } = multipartFile(bytes, { filename });
  return app.inject({
    method: 'POST',
    url: `/api/families/${familyId}/photos/${photoId}/file`,
    headers: { ...headers, cookie },
    payload,
  });
}

/**
 * An iPhone's kind of photo: HEIC with HEVC-compressed pixels (which sharp's prebuilt libvips cannot decode), 96 × 64,
 * red on the left and blue on the right, with a GPS position in its EXIF. Made once with libheif's `heif-enc`.
 */
export function iPhonePhoto(): Promise<Buffer> {
  return readFile(new URL('./fixtures/iphone-hevc.heic', import.meta.url));
}

/** Where a hostile file says its photo was taken, in every metadata block its format has. */
export const hiddenAddress = 'Flat 2, 14 Hidden Lane, Oxford';
const locationXmp =
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
  '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" ' +
  'xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" ' +
  `exif:GPSLatitude="51,45.123N" exif:GPSLongitude="1,15.456W" photoshop:City="${hiddenAddress}"/>` +
  '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>';
const locationExif = {
  IFD0: { Make: 'Hearth test camera' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
};

/** `data` in GIF sub-blocks of at most 255 bytes, ended by an empty one. */
function gifSubBlocks(data: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const block = data.subarray(at, at + 255);
    blocks.push(Buffer.from([block.length]), block);
  }
  return Buffer.concat([...blocks, Buffer.from([0])]);
}

/** A two-frame GIF with the address in a comment extension and GPS in an XMP application extension. */
async function gifWithLocation(): Promise<Buffer> {
  const frame = (background: string) =>
    sharp({ create: { width: 48, height: 36, channels: 3, background } }).png().toBuffer();
  const animated = await sharp([await frame('#c08040'), await frame('#4080c0')], { join: { animated: true } })
    .gif({ loop: 0, delay: [200, 200] })
    .toBuffer();
  const flags = animated[10]!;
  const afterHeader = 13 + (flags & 0x80 ? 3 * (1 << ((flags & 7) + 1)) : 0);
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe]), gifSubBlocks(Buffer.from(hiddenAddress))]);
  const xmp = Buffer.concat([
    Buffer.from([0x21, 0xff, 11]),
    Buffer.from('XMP DataXMP'),
    gifSubBlocks(Buffer.from(locationXmp)),
  ]);
  return Buffer.concat([animated.subarray(0, afterHeader), comment, xmp, animated.subarray(afterHeader)]);
}

/** A JPEG with a COM segment holding the address, right after its start. */
function withJpegComment(jpeg: Buffer): Buffer {
  const text = Buffer.from(hiddenAddress);
  const segment = Buffer.alloc(4);
  segment.set([0xff, 0xfe]);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}

/** A PNG with a tEXt Comment chunk holding the address, right after its header. */
function withPngComment(png: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from('tEXtComment\u0000', 'latin1'), Buffer.from(hiddenAddress, 'latin1')]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  const afterHeader = 8 + 25;
  return Buffer.concat([png.subarray(0, afterHeader), length, body, crc, png.subarray(afterHeader)]);
}

/**
 * A photo of every accepted format carrying its location in every metadata block the format has: EXIF GPS, XMP GPS
 * and the address in a comment (JPEG COM, PNG tEXt, GIF comment extension). HEIC is the iPhone fixture (EXIF GPS).
 */
export async function photosWithLocation(): Promise<{ label: string; bytes: Buffer; contentType: string }[]> {
  const base = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#c08040' } });
  const tagged = (format: 'jpeg' | 'png' | 'webp' | 'avif') =>
    base().withExif(locationExif).withXmp(locationXmp).toFormat(format).toBuffer();
  return [
    { label: 'JPEG', bytes: withJpegComment(await tagged('jpeg')), contentType: 'image/jpeg' },
    { label: 'PNG', bytes: withPngComment(await tagged('png')), contentType: 'image/png' },
    { label: 'animated GIF', bytes: await gifWithLocation(), contentType: 'image/gif' },
    { label: 'WebP', bytes: await tagged('webp'), contentType: 'image/webp' },
    { label: 'AVIF', bytes: await tagged('avif'), contentType: 'image/avif' },
    { label: 'HEIC', bytes: await iPhonePhoto(), contentType: 'image/heic' },
  ];
}

/** A 265-byte JPEG whose header claims 8000 × 8000: its few bytes of picture decode to 64 MP of grey. */
export async function jpegHeaderBomb(): Promise<Buffer> {
  const small = sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } });
  const bytes = Buffer.from(await small.jpeg({ quality: 50 }).toBuffer());
  for (let at = 2; at < bytes.length; at += 2 + bytes.readUInt16BE(at + 2)) {
    if (bytes[at + 1] === 0xc0 || bytes[at + 1] === 0xc2) {
      bytes.writeUInt16BE(8000, at + 5);
      bytes.writeUInt16BE(8000, at + 7);
      return bytes;
    }
  }
  throw new Error('no frame header');
}

/** A valid WebP of 10,000 × 8,000 pixels (80 MP, the most Hearth accepts), of about 150 KB. */
export function eightyMegapixelWebp(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 8_000, channels: 3, background: '#a07050' } })
    .webp({ quality: 80, effort: 0 })
    .toBuffer();
}
