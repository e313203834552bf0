import { spawn, spawnSync } from 'node:child_process';
import { limits } from '../../schema/index.ts';

/**
 * What Hearth does with a voice note's sound (docs/decisions/0052-voice-notes.md): decide what a file is by its bytes
 * (the demuxer and decoder ffmpeg chose, never the name or the browser's word), find its real length by decoding it
 * (Chrome's WebM says none), and make the one copy every browser plays (AAC in MP4, no metadata) and its waveform, in
 * one run of ffmpeg with bounds on time, memory and priority.
 */

/** Containers and codecs browsers record in: Chrome WebM/Opus or MP4/Opus, Safari MP4/AAC, Firefox Ogg/Opus. */
const accepted: {
  format: string;
  codecs: readonly string[];
  contentType: string;
}[] = [
  { format: 'matroska,webm', codecs: ['opus'], contentType: 'audio/webm' },
  {
    format: 'mov,mp4,m4a,3gp,3g2,mj2',
    codecs: ['opus', 'aac'],
    contentType: 'audio/mp4',
  },
  { format: 'ogg', codecs: ['opus'], contentType: 'audio/ogg' },
];
/** Only these demuxers may read an upload, so a file cannot make ffmpeg open a playlist, a device or a URL. */
const formatWhitelist = 'matroska,webm,mov,mp4,m4a,3gp,3g2,mj2,ogg';

/** The type of the playable copy, which every browser the family uses plays (Safari plays no Opus in WebM). */
export const playableContentType = 'audio/mp4';

export type AudioProblem = 'notAudio' | 'damaged' | 'tooLong';

export class AudioRefused extends Error {
  override name = 'AudioRefused';
  constructor(readonly problem: AudioProblem) {
    super(problem);
  }
}

/** The longest a voice note may last, with room for a recorder that stops a moment after its limit. */
const longestMs = limits.voiceNoteMaxMs + 1000;
/** A header may say a little more than the decoded sound (encoder delay, a last frame's padding). */
const headerSlackMs = 1000;
/** The waveform is drawn from this many peaks, each the loudest of its slice, 0 (silence) to 100 (the loudest). */
const peakCount = limits.voiceNotePeaks;
/** PCM for the waveform and the length: mono, 8 kHz, 16-bit; a peak is measured per 20 ms window as it streams. */
const pcmRate = 8000;
const windowSamples = pcmRate / 50;

/**
 * Bounds on one ffmpeg: a wall-clock limit (a file that decodes slowly fails rather than holding the pool), an
 * address-space limit (a hostile file cannot take the server's memory), one thread and a lower priority (voice
 * work gives way to requests).
 */
const processBounds = {
  seconds: 120,
  addressSpaceBytes: 1024 * 1024 * 1024,
  niceness: 10,
};

export type InspectedAudio = {
  contentType: string;
  durationMs: number;
  peaks: number[];
};

/** Whether this machine has ffmpeg: without it voice notes are refused (decision 0052). */
export function audioToolsFound(): boolean {
  return spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
}

/** How to get them, said at start and in the refusal's log. */
export const audioToolsAdvice =
  'ffmpeg was not found, so this server cannot accept voice notes (they are refused with 503) until it is ' +
  'installed: on Debian or Ubuntu, sudo apt-get install ffmpeg; on macOS, brew install ffmpeg.';

type Run = {
  code: number | null;
  stderr: string;
  timedOut: boolean;
};

/**
 * Runs a tool within `processBounds`: its output streams to `onStdout`, each line it logs to `onLogLine`, which may
 * answer `stop` to end it at once. The start of its log is kept for the refusal's reason.
 */
function runBounded(
  command: string,
  args: string[],
  onStdout: (chunk: Buffer) => void,
  onLogLine: (line: string) => 'stop' | void,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'prlimit',
      [`--as=${processBounds.addressSpaceBytes}`, '--', 'nice', '-n', String(processBounds.niceness), command, ...args],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    let partLine = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, processBounds.seconds * 1000);
    child.stdout.on('data', onStdout);
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      // Only the start of what it says is kept: a damaged file can make ffmpeg complain for every frame.
      if (stderr.length < 4000) stderr += text;
      const lines = (partLine + text).split('\n');
      partLine = lines.pop() ?? '';
      if (lines.some((line) => onLogLine(line) === 'stop')) child.kill('SIGKILL');
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (partLine) onLogLine(partLine);
      resolve({ code, stderr, timedOut });
    });
  });
}

/**
 * What ffmpeg's log (`-loglevel level+info`, every line tagged with its level) says of the upload as it opens it,
 * before it decodes: the container, the length its header claims, the codec of the audio stream it took, and whether
 * it complained at level error or worse.
 */
function readFfmpegLog() {
  const seen = { format: null as string | null, headerMs: null as number | null, codec: null as string | null };
  let complained = false;
  return {
    seen,
    complained: () => complained,
    line(line: string) {
      // Anchored at the line's start (after the part that names its source), so a tag's text cannot pass for one.
      if (/^(\[[^\]]+ @ 0x[0-9a-f]+\] )?\[(error|fatal|panic)\]/.test(line)) complained = true;
      seen.format ??= /^\[info\] Input #0, (.+), from 'file:/.exec(line)?.[1] ?? null;
      const duration = /^\[info\] {3}Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?),/.exec(line);
      if (duration && seen.headerMs === null) {
        const [hours, minutes, seconds] = duration.slice(1).map(Number) as [number, number, number];
        seen.headerMs = Math.round(((hours * 60 + minutes) * 60 + seconds) * 1000);
      }
      // "Stream #0:0 -> #0:0 (opus (native) -> aac (native))": the stream `-map 0:a:0` chose, for the first output.
      seen.codec ??= /^\[info\] {3}Stream #0:\d+ -> #0:0 \((\w+) /.exec(line)?.[1] ?? null;
    },
  };
}

/** The loudest of each of `peakCount` equal slices of the window peaks, scaled so the loudest is 100. */
function peaksOf(windows: number[]): number[] {
  const loudest = Math.max(1, ...windows);
  return Array.from({ length: peakCount }, (_, index) => {
    const from = Math.floor((index * windows.length) / peakCount);
    const to = Math.max(from + 1, Math.floor(((index + 1) * windows.length) / peakCount));
    const slice = windows.slice(from, to);
    return slice.length === 0 ? 0 : Math.round((Math.max(...slice) / loudest) * 100);
  });
}

/**
 * Checks the audio at `path` and writes its playable copy to `playablePath`, in one run of ffmpeg: its type by its
 * bytes (the demuxer and codec ffmpeg found, from its log), its length by decoding it, its waveform. Refuses
 * (`AudioRefused`) what is not a recording Hearth takes, one that is damaged or cut short, and one over the length
 * limit, whether its header says so (stopped before decoding) or its sound does.
 */
export async function encodeVoiceNote(path: string, playablePath: string): Promise<InspectedAudio> {
  const log = readFfmpegLog();
  const windows: number[] = [];
  let samples = 0;
  let windowPeak = 0;
  let carry: Buffer = Buffer.alloc(0);
  const takePcm = (chunk: Buffer) => {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 2);
    for (let offset = 0; offset < whole; offset += 2) {
      windowPeak = Math.max(windowPeak, Math.abs(bytes.readInt16LE(offset)));
      samples += 1;
      if (samples % windowSamples === 0) {
        windows.push(windowPeak);
        windowPeak = 0;
      }
    }
    carry = bytes.subarray(whole);
  };
  // Decoded at most just past the limit: a file of hours of sound (a decode bomb) stops there and is refused.
  const decodeSeconds = String((longestMs + 500) / 1000);
  const run = await runBounded(
    'ffmpeg',
    [
      '-nostdin', '-hide_banner', '-nostats', '-loglevel', 'level+info', '-threads', '1',
      '-format_whitelist', formatWhitelist, '-protocol_whitelist', 'file,pipe',
      '-i', `file:${path}`,
      // The playable copy: the first audio stream only, mono AAC, no metadata or chapters, playable as it arrives.
      '-map', '0:a:0', '-t', decodeSeconds, '-map_metadata', '-1', '-map_chapters', '-1',
      '-ac', '1', '-c:a', 'aac', '-b:a', '48k', '-movflags', '+faststart', '-f', 'mp4', '-y', `file:${playablePath}`,
      // The same sound as PCM for the waveform and the real length.
      '-map', '0:a:0', '-t', decodeSeconds, '-ac', '1', '-ar', String(pcmRate), '-f', 's16le', 'pipe:1',
    ], // prettier-ignore
    takePcm,
    (line) => {
      log.line(line);
      // A header claiming more than the limit (a ten-hour header on a tiny file) is refused before any decoding.
      if (log.seen.headerMs !== null && log.seen.headerMs > longestMs) return 'stop';
    },
  );
  const { format, headerMs, codec } = log.seen;
  const kind = accepted.find((one) => one.format === format);
  if (!kind) throw new AudioRefused('notAudio');
  // Stopped as soon as the header said so, before ffmpeg named the codec.
  if (headerMs !== null && headerMs > longestMs) throw new AudioRefused('tooLong');
  if (!codec || !kind.codecs.includes(codec)) throw new AudioRefused('notAudio');
  if (samples % windowSamples !== 0) windows.push(windowPeak);
  // Anything ffmpeg said at level error (a broken frame, data missing at the end) is a file not to keep.
  if (run.timedOut || run.code !== 0 || log.complained() || samples === 0) throw new AudioRefused('damaged');
  const durationMs = Math.round((samples / pcmRate) * 1000);
  if (durationMs > longestMs) throw new AudioRefused('tooLong');
  // A header that promises more sound than there is: cut short in transit, or made to mislead.
  if (headerMs !== null && headerMs - durationMs > headerSlackMs) throw new AudioRefused('damaged');
  return { contentType: kind.contentType, durationMs, peaks: peaksOf(windows) };
}
