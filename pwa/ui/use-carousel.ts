import { useEffect, useState, type FocusEvent } from 'react';
import { timings } from '../../schema/limits.ts';
import { usePrefersReducedMotion } from '../lib/use-prefers-reduced-motion.ts';

/**
 * A carousel's rotation (product.md §4: a new item every 4 s): it holds still while the pointer or keyboard focus is
 * inside, stays still for people who ask their device for reduced motion (until they press Play), and anyone can pause
 * it (WCAG 2.2.2). Spread `holdProps` on the carousel's outer element.
 */
export function useCarousel(count: number) {
  const reducedMotion = usePrefersReducedMotion();
  const [current, setCurrent] = useState(0);
  /** null until someone presses pause or play: then their choice wins over the default. */
  const [chosenPlaying, setChosenPlaying] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = chosenPlaying ?? !reducedMotion;

  useEffect(() => {
    if (!playing || hovered || focused) return;
    const timer = window.setInterval(() => setCurrent((index) => (index + 1) % count), timings.carouselInterval);
    return () => window.clearInterval(timer);
  }, [playing, hovered, focused, count]);

  return {
    current,
    show: setCurrent,
    playing,
    togglePlaying: () => setChosenPlaying(!playing),
    holdProps: {
      onPointerEnter: () => setHovered(true),
      onPointerLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      // Focus moving between the carousel's own buttons does not let it go on.
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      },
    },
  };
}
