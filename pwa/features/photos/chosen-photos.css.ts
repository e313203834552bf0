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

/** The × sits on the picture's corner, on a solid disc so it shows on any photo. */
export const remove = style({
  position: 'absolute',
  insetBlockStart: vars.space.xxs,
  insetInlineEnd: vars.space.xxs,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.sm,
});
