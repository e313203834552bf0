import { IconButton } from '../../ui/icon-button.tsx';
import { carouselDot } from '../../ui/carousel.css.ts';
import { HearthMark, PauseIcon, PlayIcon } from '../../ui/icons.tsx';
import { useCarousel } from '../../ui/use-carousel.ts';
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

/**
 * Three captions about Hearth with a 1 s cross-fade (product.md §4); rotation, holding still and pausing as every
 * carousel does (ui/use-carousel.ts).
 */
export function SignupCarousel() {
  const { current, show, playing, togglePlaying, holdProps } = useCarousel(captions.length);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Why families choose Hearth"
      className={styles.carousel}
      {...holdProps}
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
          onClick={togglePlaying}
        />
        {captions.map((caption, index) => (
          <button
            key={caption.title}
            type="button"
            className={carouselDot}
            aria-label={`Show caption ${index + 1}: ${caption.title}`}
            aria-current={index === current}
            onClick={() => show(index)}
          />
        ))}
      </div>
    </section>
  );
}
