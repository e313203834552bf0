import { useEffect, useState, type FocusEvent } from 'react';
import { timings } from '../../../../schema/limits.ts';
import { IconButton } from '../../../ui/icon-button.tsx';
import { PauseIcon, PlayIcon } from '../../../ui/icons.tsx';
import * as styles from './family-carousel.css.ts';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';

const slides = [
  {
    image: '/art/carousel-1.svg',
    title: 'Sunday mornings with Grandma',
    text: "The week's photos from three cities, waiting for her on one calm screen with big, clear buttons.",
  },
  {
    image: '/art/carousel-2.svg',
    title: 'Planning the summer get-together',
    text: 'One calendar the whole family can see, so everyone knows the date, the place and who is bringing dessert.',
  },
  {
    image: '/art/carousel-3.svg',
    title: 'Stories that stay in the family',
    text: 'Old photos, favourite recipes and who is related to whom, kept together and shared only with your own.',
  },
] as const;

/**
 * Real Families, Real Connections (spec §4): three slides, a new one every 4 s with a 1 s cross-fade, dots to jump.
 * It holds still while the pointer or keyboard focus is inside, stays still for people who ask for reduced motion
 * (until they press Play), and anyone can pause it (WCAG 2.2.2).
 */
export function FamilyCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const [current, setCurrent] = useState(0);
  /** null until someone presses pause or play: then their choice wins over the default. */
  const [chosenPlaying, setChosenPlaying] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = chosenPlaying ?? !reducedMotion;

  useEffect(() => {
    if (!playing || hovered || focused) return;
    const timer = window.setInterval(
      () => setCurrent((index) => (index + 1) % slides.length),
      timings.carouselInterval,
    );
    return () => window.clearInterval(timer);
  }, [playing, hovered, focused]);

  function leaveFocus(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  }

  return (
    <div
      role="group"
      aria-roledescription="carousel"
      aria-label="Family moments"
      className={styles.carousel}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={leaveFocus}
    >
      <div className={styles.slides} aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, index) => (
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            aria-hidden={index !== current}
            data-current={index === current}
            className={styles.slide}
          >
            <img src={slide.image} alt="" width={600} height={400} loading="lazy" className={styles.image} />
            <div className={styles.text}>
              <h3 className={styles.slideTitle}>{slide.title}</h3>
              <p className={styles.slideText}>{slide.text}</p>
            </div>
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <IconButton
          label={playing ? 'Pause slides' : 'Play slides'}
          icon={playing ? <PauseIcon /> : <PlayIcon />}
          onClick={() => setChosenPlaying(!playing)}
        />
        {slides.map((slide, index) => (
          <button
            key={slide.title}
            type="button"
            className={styles.dot}
            aria-label={`Slide ${index + 1}: ${slide.title}`}
            aria-current={index === current}
            onClick={() => setCurrent(index)}
          />
        ))}
      </div>
    </div>
  );
}
