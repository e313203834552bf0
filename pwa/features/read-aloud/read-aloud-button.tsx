import { useEffect, useRef, useState } from 'react';
import { SpeakerIcon } from '../feed/feed-icons.tsx';

/** Whether this browser can speak; where it cannot, there is no button (never one that does nothing). */
const canSpeak = typeof window !== 'undefined' && 'speechSynthesis' in window;

/**
 * "Read aloud" beside a post or a chat message: the device reads `text` in its own voice; pressed again, it stops.
 * The speaking code loads on the first tap (speak.ts), so screens carry only this button. `iconOnly` where words
 * would crowd (beside a chat bubble): the same name, for screen readers.
 */
export function ReadAloudButton({
  text,
  className,
  iconOnly = false,
}: {
  text: string;
  className: string;
  iconOnly?: boolean;
}) {
  const [reading, setReading] = useState(false);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);
  if (!canSpeak || text.trim() === '') return null;

  async function toggle() {
    if (stop.current) {
      stop.current();
      return;
    }
    const { speak } = await import('./speak.ts');
    setReading(true);
    stop.current = speak(text, () => {
      stop.current = null;
      setReading(false);
    });
  }

  return (
    <button
      type="button"
      className={className}
      aria-pressed={reading}
      aria-label={iconOnly ? (reading ? 'Stop reading' : 'Read aloud') : undefined}
      onClick={() => void toggle()}
    >
      <SpeakerIcon size={iconOnly ? '1.125rem' : undefined} />
      {iconOnly ? null : reading ? 'Stop reading' : 'Read aloud'}
    </button>
  );
}
