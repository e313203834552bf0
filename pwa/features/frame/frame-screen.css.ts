import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** Always dark, whatever the theme: a frame lives in a living room, day and night (decision 0061). */
export const frame = style({
  position: 'fixed',
  inset: 0,
  zIndex: 10,
  display: 'grid',
  placeItems: 'center',
  background: 'black',
  color: 'hsl(30 20% 92%)',
  overflow: 'hidden',
  cursor: 'none',
});

export const picture = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'contain',
  opacity: 0,
  transitionProperty: 'opacity',
  transitionTimingFunction: 'ease-in-out',
  selectors: { '&[data-front="true"]': { opacity: 1 } },
});

export const caption = style({
  position: 'absolute',
  insetInline: 0,
  insetBlockEnd: 0,
  margin: 0,
  padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.lg}`,
  // Read from across a room.
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.body,
  background: 'linear-gradient(transparent, hsl(0 0% 0% / 0.6))',
  textShadow: '0 1px 3px black',
});

export const darkWords = style({
  maxWidth: '32rem',
  margin: 0,
  padding: vars.space.lg,
  fontSize: vars.fontSize.lg,
  lineHeight: vars.lineHeight.body,
  textAlign: 'center',
});
