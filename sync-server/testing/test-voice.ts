import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { multipartFile } from './test-photos.ts';

const run = promisify(execFile);

/** Where a hostile recording says it was made, in its metadata: never in the copy others play. */
export const hiddenPlace = 'Flat 2, 14 Hidden Lane, Oxford';

/** The formats browsers record in: Chrome (WebM, MP4), Safari (MP4 with AAC), Firefox (Ogg). */
export const recordingFormats = {
  chromeWebm: { codec: ['-c:a', 'libopus'], container: 'webm', contentType: 'audio/webm' },
  chromeMp4: { codec: ['-c:a', 'libopus'], container: 'mp4', contentType: 'audio/mp4' },
  safariMp4: { codec: ['-c:a', 'aac', '-b:a', '128k'], container: 'mp4', contentType: 'audio/mp4' },
  firefoxOgg: { codec: ['-c:a', 'libopus'], container: 'ogg', contentType: 'audio/ogg' },
} as const;
export type RecordingFormat = keyof typeof recordingFormats;

/**
 * A real recording of `seconds` of a voice-like tone made by ffmpeg, as a browser's recorder makes it: written as a
 * stream, so a WebM carries no duration in its header (as Chrome's does not), with a place in its metadata.
 */
export async function recording(
  format: RecordingFormat,
  { seconds = 3, source, extra = [] }: { seconds?: number; source?: string; extra?: string[] } = {},
): Promise<Buffer> {
  const input = source ?? `sine=frequency=220:duration=${seconds}`;
  const { codec, container } = recordingFormats[format];
  // A WebM written to a pipe has no duration, like Chrome's; an MP4 to a pipe must be fragmented, like Chrome's.
  const streamed = container === 'mp4' ? ['-movflags', 'frag_keyframe+empty_moov'] : [];
  const { stdout } = await run('ffmpeg', [
    '-v', 'error', '-f', 'lavfi', '-i', input, ...codec, ...extra,
    '-metadata', `title=${hiddenPlace}`, '-metadata', `location=${hiddenPlace}`,
    ...streamed, '-f', container, 'pipe:1',
  ], { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }); // prettier-ignore
  return stdout;
}

/** What ffprobe reads of `bytes`: the container, the first stream's codec, the duration and every metadata tag. */
export async function probeBytes(
  bytes: Buffer,
): Promise<{ format: string; codec: string; seconds: number; tags: string }> {
  const folder = await mkdtemp(join(tmpdir(), 'hearth-voice-'));
  const path = join(folder, 'probe');
  try {
    await writeFile(path, bytes);
    const { stdout } = await run('ffprobe', [
      '-v', 'error', '-show_entries', 'format=format_name,duration:format_tags:stream=codec_name:stream_tags',
      '-of', 'json', path,
    ]); // prettier-ignore
    const found = JSON.parse(stdout) as {
      format: { format_name: string; duration: string; tags?: object };
      streams: { codec_name: string; tags?: object }[];
    };
    return {
      format: found.format.format_name,
      codec: found.streams[0]?.codec_name ?? '',
      seconds: Number(found.format.duration),
      tags: JSON.stringify([found.format.tags ?? {}, ...found.streams.map((stream) => stream.tags ?? {})]),
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * An MP4 whose header says it lasts ten hours around a few seconds of sound: the movie's and the track's durations
 * rewritten in place.
 */
export function withTenHourHeader(mp4: Buffer): Buffer {
  const bytes = Buffer.from(mp4);
  for (const box of ['mvhd', 'mdhd']) {
    const at = bytes.indexOf(box, 0, 'latin1');
    if (at < 0 || bytes[at + 4] !== 0) throw new Error(`no version 0 ${box} box`);
    // Version 0: version and flags (4), created (4), modified (4), timescale (4), duration (4).
    const timescale = bytes.readUInt32BE(at + 16);
    bytes.writeUInt32BE(Math.min(0xffffffff, timescale * 36_000), at + 20);
  }
  return bytes;
}

/** Uploads `bytes` as the recording of voice note `voiceNoteId` in `familyId`, as the device does. */
export function uploadVoiceFile(
  app: FastifyInstance,
  cookie: string,
  {
    familyId,
    voiceNoteId,
    bytes,
    contentType = 'audio/webm',
  }: {
    familyId: string;
    voiceNoteId: string;
    bytes: Buffer;
    contentType?: string;
  },
) {
  const { payload, headers } = multipartFile(bytes, { filename: 'voice-note', contentType });
  return app.inject({
    method: 'POST',
    url: `/api/families/${familyId}/voice-notes/${voiceNoteId}/file`,
    headers: { ...headers, cookie },
    payload,
  });
}
