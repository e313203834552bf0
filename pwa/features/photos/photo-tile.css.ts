import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const tile = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  aspectRatio: '1',
  padding: 0,
  overflow: 'hidden',
  border: 0,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outlineOffset: '3px' } },
});

export const image = style({ display: 'block', width: '100%', height: '100%', objectFit: 'cover' });

globalStyle(`${tile}[data-state="waiting"] ${image}`, { opacity: 0.7 });

export const badge = style({
  position: 'absolute',
  insetInline: vars.space.xs,
  insetBlockEnd: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textAlign: 'center',
});

export const problem = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  alignContent: 'center',
  gap: vars.space.xs,
  padding: vars.space.sm,
  background: vars.color.dangerSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});
