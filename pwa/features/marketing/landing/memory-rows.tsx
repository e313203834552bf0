import { useEffect, useRef, useState } from 'react';
import { timings } from '../../../../schema/limits.ts';
import { Button } from '../../../ui/button.tsx';
import { PauseIcon, PlayIcon } from '../../../ui/icons.tsx';
import { MarketingSection } from '../ui/marketing-section.tsx';
import * as styles from './memory-rows.css.ts';
import { usePrefersReducedMotion } from '../../../lib/use-prefers-reduced-motion.ts';

/**
 * Three rows of eight pictures (product.md §9), memory-01 to memory-24; the first and last move left, the middle right.
 */
const rows = [0, 1, 2].map((row) =>
  Array.from({ length: 8 }, (_, index) => `/art/memory-${String(row * 8 + index + 1).padStart(2, '0')}.svg`),
);
const directions = [-1, 1, -1] as const;

/**
 * Family Memories Flow: decorative pictures drifting by at 1 px per 20 ms (product.md §4, §9). The rows move only while
 * they are on screen, never for people who ask for reduced motion, and anyone can pause them (WCAG 2.2.2).
 */
export function MemoryRows() {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const moving = !paused && !reducedMotion;
  const sectionRef = useRef<HTMLDivElement>(null);
  const trackRefs = useRef<(HTMLDivElement | null)[]>([]);
  const offset = useRef(0);

  useEffect(() => {
    const section = sectionRef.current;
    if (!moving || !section) return;
    const tracks = trackRefs.current;
    let frame = 0;
    let last: number | null = null;
    // One copy's width per row, measured once and again when the layout changes (a rotated phone).
    let widths = tracks.map((track) => (track ? track.scrollWidth / 2 : 0));
    const resize = new ResizeObserver(() => {
      widths = tracks.map((track) => (track ? track.scrollWidth / 2 : 0));
    });
    tracks.forEach((track) => track && resize.observe(track));

    function draw(now: number) {
      if (last !== null) offset.current += (now - last) / timings.photoRowStep;
      last = now;
      tracks.forEach((track, index) => {
        // Whole pixels, as the spec counts them, so the pictures stay sharp.
        const width = Math.round(widths[index] ?? 0);
        if (!track || !width) return;
        const shift = Math.floor(offset.current) % width;
        const x = directions[index] === -1 ? -shift : shift - width;
        track.style.transform = `translate3d(${x}px, 0, 0)`;
      });
      frame = requestAnimationFrame(draw);
    }

    const visibility = new IntersectionObserver(([entry]) => {
      cancelAnimationFrame(frame);
      last = null;
      if (entry?.isIntersecting) frame = requestAnimationFrame(draw);
    });
    visibility.observe(section);
    return () => {
      cancelAnimationFrame(frame);
      visibility.disconnect();
      resize.disconnect();
    };
  }, [moving]);

  return (
    <MarketingSection
      title="Family Memories Flow"
      lead="Birthdays and bike rides, picnics and snow days: the little moments your family shares, all in one place."
      className={styles.section}
    >
      <div ref={sectionRef} className={styles.rows} aria-hidden="true">
        {rows.map((images, rowIndex) => (
          <div key={rowIndex} className={styles.row}>
            <div
              ref={(track) => {
                trackRefs.current[rowIndex] = track;
              }}
              className={styles.track}
              data-memory-row={rowIndex}
            >
              {[...images, ...images].map((src, index) => (
                <img
                  key={index}
                  src={src}
                  alt=""
                  width={240}
                  height={180}
                  loading="lazy"
                  decoding="async"
                  className={styles.tile}
                />
              ))}
            </div>
          </div>
        ))}
      </div>
      {reducedMotion ? null : (
        <div className={styles.controls}>
          <Button variant="ghost" onClick={() => setPaused((isPaused) => !isPaused)}>
            {paused ? <PlayIcon /> : <PauseIcon />}
            {paused ? 'Play the pictures' : 'Pause the pictures'}
          </Button>
        </div>
      )}
    </MarketingSection>
  );
}
