import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const previews = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(4.5rem, 1fr))',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const preview = style({ position: 'relative' });

export const previewImage = style({
  display: 'block',
  width: '100%',
  aspectRatio: '1',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
});

/**
 * The × is a small disc on the picture's corner, so it hides little of it; its button, a 44 px touch target, reaches a
 * little past the corner, where nothing else is to be tapped.
 */
export const remove = style({
  position: 'absolute',
  insetBlockStart: '-0.5rem',
  insetInlineEnd: '-0.5rem',
  selectors: { '&:hover': { background: 'transparent' } },
});

export const removeDisc = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '1.5rem',
  height: '1.5rem',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.sm,
  selectors: { [`${remove}:hover &, ${remove}:focus-visible &`]: { background: vars.color.primarySoft } },
});
