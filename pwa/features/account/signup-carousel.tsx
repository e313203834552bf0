import { useEffect, useState } from 'react';
import { timings } from '../../../schema/limits.ts';
import { IconButton } from '../../ui/icon-button.tsx';
import { HearthMark, PauseIcon, PlayIcon } from '../../ui/icons.tsx';
import * as styles from './signup-carousel.css.ts';

const captions = [
  {
    title: 'Every little moment',
    text: 'First steps, Sunday dinners, the garden in bloom: shared with the people who care most.',
  },
  {
    title: 'Together, even apart',
    text: 'Chat, plan the next get-together and keep up with each other, across every generation.',
  },
  {
    title: 'Private by design',
    text: 'No ads, no data selling, no trackers. Nothing leaves your family.',
  },
] as const;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Three captions about Hearth, changing every 4 s with a 1 s cross-fade (spec §4). It holds still while the pointer
 * or keyboard focus is on it, starts paused for people who ask for reduced motion, and can be paused by anyone.
 */
export function SignupCarousel() {
  const [current, setCurrent] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [holding, setHolding] = useState(false);

  useEffect(() => {
    if (!playing || holding) return;
    const timer = window.setInterval(
      () => setCurrent((index) => (index + 1) % captions.length),
      timings.carouselInterval,
    );
    return () => window.clearInterval(timer);
  }, [playing, holding]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Why families choose Hearth"
      className={styles.carousel}
      onPointerEnter={() => setHolding(true)}
      onPointerLeave={() => setHolding(false)}
      onFocus={() => setHolding(true)}
      onBlur={() => setHolding(false)}
    >
      <HearthMark size="3.5rem" className={styles.mark} />
      <div className={styles.slides}>
        {captions.map((caption, index) => (
          <div
            key={caption.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${captions.length}`}
            aria-hidden={index !== current}
            inert={index !== current}
            data-current={index === current}
            className={styles.slide}
          >
            <p className={styles.slideTitle}>
              <strong>{caption.title}</strong>
            </p>
            <p className={styles.slideText}>{caption.text}</p>
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <IconButton
          label={playing ? 'Pause captions' : 'Play captions'}
          icon={playing ? <PauseIcon /> : <PlayIcon />}
          onClick={() => setPlaying((isPlaying) => !isPlaying)}
        />
        {captions.map((caption, index) => (
          <button
            key={caption.title}
            type="button"
            className={styles.dot}
            aria-label={`Show caption ${index + 1}: ${caption.title}`}
            aria-current={index === current}
            onClick={() => setCurrent(index)}
          />
        ))}
      </div>
    </section>
  );
}
