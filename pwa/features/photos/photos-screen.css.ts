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

/** An album's whole name, on as many lines as it takes: "Garden 2026" is never "Garden 2.". */
export const albumName = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'break-word', minWidth: 0 });

export const albumCount = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** People to filter by: a row of chips that wraps, each a whole touch target. */
export const people = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  listStyle: 'none',
});

export const personChip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.touchTarget,
  maxWidth: '100%',
  padding: `${vars.space.xxs} ${vars.space.md} ${vars.space.xxs} ${vars.space.xxs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  overflowWrap: 'anywhere',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.primarySoft },
    '&[aria-pressed="true"]': {
      borderColor: vars.color.primary,
      background: vars.color.primarySoft,
      fontWeight: vars.fontWeight.semibold,
    },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

/** "Everyone" has no avatar: the same chip, padded evenly. */
export const everyoneChip = style([personChip, { paddingInlineStart: vars.space.md }]);

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
