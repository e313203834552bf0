import { limits } from '../../../schema/limits.ts';
import { voiceNoteLength } from '../../../schema/voice-notes.ts';
import { Button } from '../../ui/button.tsx';
import { microphoneWords } from './microphone-words.ts';
import { warnBeforeEndMs, type Recorded, type useVoiceRecorder } from './use-voice-recorder.ts';
import { VoicePlayer } from './voice-player.tsx';
import { StopIcon } from './voice-icons.tsx';
import * as styles from './voice.css.ts';

const longest = voiceNoteLength(limits.voiceNoteMaxMs);

/**
 * The recorder's panel, for a recorder started by the person's tap (`useVoiceRecorder`): while it records, the time
 * against the five minutes, a level meter and Stop; then the recording to listen to, with Send and Discard. Says
 * before the end that time is nearly up, and in plain words what to do when the microphone cannot be used.
 */
export function VoiceRecorderPanel({
  recorder,
  sendLabel,
  onSend,
}: {
  recorder: ReturnType<typeof useVoiceRecorder>;
  sendLabel: string;
  onSend: (recorded: Recorded) => void;
}) {
  const { state } = recorder;
  if (state.step === 'idle') return null;
  if (state.step === 'failed') {
    const words = microphoneWords(state.problem);
    return (
      <div className={styles.panel} role="alert">
        <p className={styles.problemTitle}>{words.title}</p>
        <p className={styles.problemText}>{words.text}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={recorder.reset}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  if (state.step === 'asking') {
    return (
      <div className={styles.panel} role="status">
        <p className={styles.hint}>Allow the microphone to record…</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={recorder.reset}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }
  if (state.step === 'recording') {
    const left = limits.voiceNoteMaxMs - state.elapsedMs;
    const warning =
      left <= warnBeforeEndMs
        ? `${Math.ceil(left / 1000)} seconds left: it stops at ${longest}.`
        : state.nearSizeLimit
          ? 'Nearly at the size limit: it stops soon.'
          : null;
    return (
      <div className={styles.panel} role="group" aria-label="Recording a voice note">
        <div className={styles.recordingRow}>
          <span className={styles.recordingDot} aria-hidden="true" />
          <span className={styles.timer} role="timer" aria-label="Recording time">
            {voiceNoteLength(state.elapsedMs)} <span className={styles.limit}>/ {longest}</span>
          </span>
          <span className={styles.meter} aria-hidden="true">
            <span className={styles.meterLevel} style={{ transform: `scaleX(${Math.max(0.04, state.level)})` }} />
          </span>
          <button type="button" className={styles.stopButton} onClick={recorder.stop} aria-label="Stop recording">
            <StopIcon size="1.5rem" />
          </button>
        </div>
        {warning ? (
          <p className={styles.warning} role="status">
            {warning}
          </p>
        ) : null}
      </div>
    );
  }
  const { recorded, stoppedAtLimit } = state;
  return (
    <div className={styles.panel} role="group" aria-label="Your voice note">
      {stoppedAtLimit ? <p className={styles.warning}>It stopped at the limit of {longest}.</p> : null}
      <VoicePlayer
        source={{ blob: recorded.blob, durationMs: recorded.durationMs }}
        label="Listen to your voice note"
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={recorder.reset}>
          Discard
        </Button>
        <Button
          onClick={() => {
            onSend(recorded);
            recorder.reset();
          }}
        >
          {sendLabel}
        </Button>
      </div>
    </div>
  );
}
