import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { limits } from '../../../schema/limits.ts';
import { voiceNoteLength } from '../../../schema/voice-notes.ts';
import { voiceAudioUrl } from '../../../schema/voice-urls.ts';
import { PauseIcon, PlayIcon } from '../../ui/icons.tsx';
import { useHearthDb } from '../device-session/device-session-store.ts';
import * as styles from './voice.css.ts';

/** Only one voice note plays at a time: starting one pauses the one playing. */
let playing: HTMLAudioElement | null = null;

const speeds = [1, 1.5] as const;

/** What a player plays: a voice note of the family, or a recording still on this device (`blob`). */
export type PlayerSource = {
  /** The voice note: its kept copy or the server's playable one. Absent for a recording not yet sent. */
  note?: { id: string; familyId: string };
  blob?: Blob;
  durationMs: number;
  /** The waveform the server read from the sound; a recording not yet sent has none yet. */
  peaks?: readonly number[];
};

function useOnline(): boolean {
  const [online, setOnline] = useState(navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/** A blob's address for as long as it is shown. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** A flat line where no waveform is known yet. */
const flat = Array.from({ length: limits.voiceNotePeaks }, () => 12);

/**
 * A voice note's player (decision 0058): a large play button, its length, a waveform whose played part is coloured
 * and which can be dragged along, and 1× or 1.5×. It plays the copy kept on this device when there is one, else the
 * server's while online; offline with no copy it says it plays when the person is online.
 */
export function VoicePlayer({ source, label }: { source: PlayerSource; label: string }) {
  const db = useHearthDb();
  const online = useOnline();
  const clip = useLiveQuery(
    () => (source.note && !source.blob ? db.voiceClips.get(source.note.id) : undefined),
    [db, source.note?.id, source.blob],
  );
  const localUrl = useObjectUrl(source.blob ?? clip?.blob);
  const src = localUrl ?? (online && source.note ? voiceAudioUrl(source.note) : null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [isPlaying, setIsPlaying] = useState(false);
  const [positionMs, setPositionMs] = useState(0);
  const [speed, setSpeed] = useState<(typeof speeds)[number]>(1);
  const durationMs = source.durationMs;
  const peaks = source.peaks && source.peaks.length > 0 ? source.peaks : flat;

  useEffect(() => {
    const audio = audioRef.current;
    return () => {
      if (audio && playing === audio) playing = null;
    };
  }, []);

  useEffect(() => {
    if (audioRef.current) audioRef.current.playbackRate = speed;
  }, [speed, src]);

  async function toggle() {
    const audio = audioRef.current;
    if (!audio || !src) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    if (playing && playing !== audio) playing.pause();
    playing = audio;
    audio.playbackRate = speed;
    await audio.play().catch(() => setIsPlaying(false));
  }

  function seek(toMs: number) {
    setPositionMs(toMs);
    if (audioRef.current) audioRef.current.currentTime = toMs / 1000;
  }

  const played = durationMs > 0 ? positionMs / durationMs : 0;
  return (
    <div className={styles.player} role="group" aria-label={label}>
      <div className={styles.playerParts}>
        {src ? (
          <audio
            ref={audioRef}
            src={src}
            preload="metadata"
            data-voice-note={source.note?.id}
            onPlay={() => setIsPlaying(true)}
            onPause={() => setIsPlaying(false)}
            onEnded={() => {
              setIsPlaying(false);
              setPositionMs(0);
            }}
            onTimeUpdate={(event) => setPositionMs(event.currentTarget.currentTime * 1000)}
          />
        ) : null}
        <button
          type="button"
          className={styles.playButton}
          aria-label={isPlaying ? 'Pause' : 'Play'}
          disabled={!src}
          onClick={() => void toggle()}
        >
          {isPlaying ? <PauseIcon size="1.5rem" /> : <PlayIcon size="1.5rem" />}
        </button>
        <div className={styles.track}>
          <div className={styles.waveform} aria-hidden="true">
            {peaks.map((peak, index) => (
              <span
                key={index}
                className={index / peaks.length < played ? styles.barPlayed : styles.bar}
                style={{ height: `${Math.max(8, peak)}%` }}
              />
            ))}
          </div>
          <input
            type="range"
            className={styles.seek}
            min={0}
            max={durationMs}
            step={100}
            value={Math.min(positionMs, durationMs)}
            disabled={!src}
            aria-label="Position"
            aria-valuetext={`${voiceNoteLength(positionMs)} of ${voiceNoteLength(durationMs)}`}
            onChange={(event) => seek(Number(event.currentTarget.value))}
          />
        </div>
        <span className={styles.length}>
          {isPlaying || positionMs > 0 ? voiceNoteLength(positionMs) : voiceNoteLength(durationMs)}
        </span>
        {src ? (
          <button
            type="button"
            className={styles.speed}
            aria-label={`Speed ${speed}×, change`}
            onClick={() => setSpeed(speed === 1 ? 1.5 : 1)}
          >
            {speed}×
          </button>
        ) : (
          <span className={styles.offline}>Plays when you’re online</span>
        )}
      </div>
    </div>
  );
}
