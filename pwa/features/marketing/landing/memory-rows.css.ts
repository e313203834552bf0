import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const section = style({ overflowX: 'clip' });

/** Full width of the window, whatever column the section sits in; the edges fade into the page. */
export const rows = style({
  display: 'grid',
  gap: vars.space.sm,
  width: '100vw',
  marginInline: 'calc(50% - 50vw)',
  maskImage: 'linear-gradient(90deg, transparent, black 6%, black 94%, transparent)',
  WebkitMaskImage: 'linear-gradient(90deg, transparent, black 6%, black 94%, transparent)',
  '@media': { 'screen and (min-width: 48em)': { gap: vars.space.md } },
});

export const row = style({ overflow: 'hidden' });

/** Two copies of the row side by side, so moving by one copy's width looks like no move at all. */
export const track = style({ display: 'flex', width: 'max-content', willChange: 'transform' });

export const tile = style({
  flexShrink: 0,
  width: '9rem',
  height: 'auto',
  aspectRatio: '4 / 3',
  // A margin rather than a gap: each copy then ends with the same space it starts with, and the wrap is seamless.
  marginInlineEnd: vars.space.sm,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.sm,
  '@media': { 'screen and (min-width: 48em)': { width: '13rem', marginInlineEnd: vars.space.md, borderRadius: vars.radius.lg } },
});

export const controls = style({ display: 'flex', justifyContent: 'center' });

globalStyle(`${controls} button`, { gap: vars.space.xs });
