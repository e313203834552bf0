import { useEffect, useRef, useState } from 'react';
import { limits } from '../../../schema/limits.ts';
import { problemOf, type MicrophoneProblem } from './microphone-words.ts';

/** What browsers record in, best first: Chrome and Firefox Opus, Safari AAC in MP4 (decision 0052 takes each). */
const recordingTypes = ['audio/webm;codecs=opus', 'audio/mp4', 'audio/ogg;codecs=opus', 'audio/webm'];

/** Speech needs little: five minutes at 48 kbit/s is under 2 MB, far below the server's limit. */
const bitsPerSecond = 48_000;

/** The recording stops itself this far short of the server's size limit (a container adds a little). */
const sizeMargin = 64 * 1024;

/** Said this long before the five minutes are up, so nobody is cut off mid-sentence unwarned. */
export const warnBeforeEndMs = 30_000;

export type Recorded = { blob: Blob; durationMs: number };

export type RecorderState =
  | { step: 'idle' }
  | { step: 'asking' }
  | { step: 'recording'; elapsedMs: number; level: number; nearSizeLimit: boolean }
  | { step: 'recorded'; recorded: Recorded; stoppedAtLimit: boolean }
  | { step: 'failed'; problem: MicrophoneProblem };

/**
 * Records one voice note: the microphone is asked for only when `start` is called (the person's tap), a timer and a
 * level meter run while it records, and it stops itself at five minutes or near the size limit. Everything it
 * opened (the microphone, the audio graph) is closed when it stops or the screen goes.
 */
export function useVoiceRecorder() {
  const [state, setState] = useState<RecorderState>({ step: 'idle' });
  const stopRef = useRef<(() => void) | null>(null);
  const releaseRef = useRef<(() => void) | null>(null);
  useEffect(() => () => releaseRef.current?.(), []);

  async function start(): Promise<void> {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
      setState({ step: 'failed', problem: 'unsupported' });
      return;
    }
    setState({ step: 'asking' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch (error) {
      setState({ step: 'failed', problem: problemOf(error) });
      return;
    }
    const mimeType = recordingTypes.find((type) => MediaRecorder.isTypeSupported(type));
    const recorder = new MediaRecorder(stream, {
      ...(mimeType ? { mimeType } : {}),
      audioBitsPerSecond: bitsPerSecond,
    });
    const chunks: Blob[] = [];
    let bytes = 0;
    let stoppedAtLimit = false;
    const startedAt = performance.now();

    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 512;
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    // A timer rather than animation frames: those stop while the page is hidden, and the limit must not.
    let timer = 0;
    const tick = () => {
      analyser.getByteTimeDomainData(samples);
      let loudest = 0;
      for (const sample of samples) loudest = Math.max(loudest, Math.abs(sample - 128));
      const elapsedMs = performance.now() - startedAt;
      if (elapsedMs >= limits.voiceNoteMaxMs) {
        stoppedAtLimit = true;
        stop();
        return;
      }
      setState({
        step: 'recording',
        elapsedMs,
        level: Math.min(1, loudest / 64),
        nearSizeLimit: bytes > limits.voiceNoteMaxBytes * 0.9,
      });
    };

    const release = () => {
      clearInterval(timer);
      for (const track of stream.getTracks()) track.stop();
      void audio.close().catch(() => {});
      releaseRef.current = null;
      stopRef.current = null;
    };
    const stop = () => {
      clearInterval(timer);
      if (recorder.state !== 'inactive') recorder.stop();
    };
    recorder.ondataavailable = (event) => {
      if (event.data.size === 0) return;
      chunks.push(event.data);
      bytes += event.data.size;
      if (bytes >= limits.voiceNoteMaxBytes - sizeMargin) {
        stoppedAtLimit = true;
        stop();
      }
    };
    recorder.onstop = () => {
      const durationMs = Math.min(limits.voiceNoteMaxMs, Math.round(performance.now() - startedAt));
      release();
      const blob = new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' });
      setState({ step: 'recorded', recorded: { blob, durationMs }, stoppedAtLimit });
    };
    releaseRef.current = () => {
      recorder.onstop = null;
      stop();
      release();
    };
    stopRef.current = stop;
    recorder.start(1000);
    timer = window.setInterval(tick, 100);
    tick();
  }

  return {
    state,
    start: () => void start(),
    stop: () => stopRef.current?.(),
    /** Lets go of the recording (or the attempt): back to nothing. */
    reset: () => {
      releaseRef.current?.();
      setState({ step: 'idle' });
    },
  };
}
