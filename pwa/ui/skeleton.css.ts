import { keyframes, style } from '@vanilla-extract/css';

const pulse = keyframes({ '50%': { opacity: 0.55 } });

/** What every loading placeholder shares: a slow, calm pulse, still for those who ask for less motion. */
export const pulsing = style({
  animation: `${pulse} 1.6s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
