import { globalStyle, style } from '@vanilla-extract/css';
import { buttonVariants } from '../../ui/button.css.ts';
import { pulsing } from '../../ui/skeleton.css.ts';
import { vars } from '../../ui/theme.css.ts';

/** Album tiles scroll sideways on their own, never the page. */
export const albums = style({
  display: 'flex',
  gap: vars.space.sm,
  margin: 0,
  padding: `${vars.space.xxs} ${vars.space.xxs} ${vars.space.sm}`,
  listStyle: 'none',
  overflowX: 'auto',
  scrollSnapType: 'x proximity',
});

export const albumTile = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gridTemplateRows: 'auto auto',
  columnGap: vars.space.sm,
  alignItems: 'center',
  minWidth: '11rem',
  maxWidth: '16rem',
  minHeight: vars.size.touchTarget,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  scrollSnapAlign: 'start',
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.primary, background: vars.color.primarySoft },
  },
});

export const albumCover = style({
  gridRow: '1 / span 2',
  display: 'grid',
  placeItems: 'center',
  width: '3rem',
  height: '3rem',
  overflow: 'hidden',
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
});

globalStyle(`${albumCover} img`, { width: '100%', height: '100%', objectFit: 'cover' });

export const albumName = style({
  fontWeight: vars.fontWeight.semibold,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const albumCount = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(9rem, 40%), 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const skeleton = style([
  pulsing,
  { aspectRatio: '1', borderRadius: vars.radius.md, background: vars.color.surfaceSunken },
]);

export const form = style({ display: 'grid', gap: vars.space.md });

export const formActions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.sm });

export const dropZone = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.lg,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  textAlign: 'center',
});

/** The whole zone's label opens the picker; the input itself is hidden but focusable. */
export const pickLabel = style([
  buttonVariants.secondary,
  {
    position: 'relative',
    justifySelf: 'center',
    selectors: { '&:focus-within': { outline: `3px solid ${vars.color.focusRing}` } },
  },
]);

export const fileInput = style({ position: 'absolute', inset: 0, opacity: 0, cursor: 'pointer' });

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const progress = style({ display: 'grid', gap: vars.space.xs, fontWeight: vars.fontWeight.medium });

globalStyle(`${progress} progress`, { width: '100%', height: '0.75rem', accentColor: vars.color.primary });

export const linkButton = style([buttonVariants.secondary]);

export const stage = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: '12rem',
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceSunken,
  overflow: 'hidden',
  touchAction: 'pan-y',
});

export const stageImage = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: 'calc(100dvh - 20rem)',
  objectFit: 'contain',
});

export const walk = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const position = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });

export const photoDescription = style({ margin: 0, whiteSpace: 'pre-wrap', lineHeight: vars.lineHeight.body });
