declare module 'heic-decode' {
  /** The first picture of a HEIC/HEIF file as RGBA pixels, upright (the file's rotation and mirroring applied). */
  export default function decode(input: {
    buffer: Uint8Array;
  }): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
