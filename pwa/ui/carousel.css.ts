import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** A carousel's dot: a full touch target around a small pill that widens for the item shown (aria-current). */
export const carouselDot = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  cursor: 'pointer',
  '::after': {
    content: '""',
    width: '0.75rem',
    height: '0.75rem',
    borderRadius: vars.radius.pill,
    background: vars.color.borderStrong,
    transition: 'width 200ms ease, background-color 200ms ease',
  },
  selectors: {
    '&:hover::after': { background: vars.color.textMuted },
    '&[aria-current="true"]::after': { width: '2rem', background: vars.color.primaryText },
  },
});
