import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
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
