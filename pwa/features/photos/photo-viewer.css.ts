import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/**
 * The viewer is a photo on black in both themes: nothing beside the picture competes with it. Its words are white
 * and its controls sit on darkened glass so they read over any picture.
 */
const onBlack = '#ffffff';
const onBlackMuted = 'rgba(255, 255, 255, 0.78)';
const glass = 'rgba(0, 0, 0, 0.55)';
const glassHover = 'rgba(255, 255, 255, 0.18)';

export const viewer = style({
  width: '100vw',
  height: '100dvh',
  maxWidth: 'none',
  maxHeight: 'none',
  margin: 0,
  padding: 0,
  border: 0,
  background: '#000000',
  color: onBlack,
  overflow: 'hidden',
  selectors: {
    '&[open]': { display: 'grid', gridTemplateRows: 'auto minmax(0, 1fr) auto' },
    '&::backdrop': { background: '#000000' },
  },
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `max(${vars.space.xs}, env(safe-area-inset-top)) ${vars.space.xs} ${vars.space.xs}`,
});

export const barButton = style({
  color: onBlack,
  selectors: {
    '&:hover, &[aria-expanded="true"]': { color: onBlack, background: glassHover },
    '&:focus-visible': { outline: `3px solid ${onBlack}`, outlineOffset: '-3px' },
  },
});

export const heading = style({ flex: 1, minWidth: 0 });

export const who = style({ display: 'grid', margin: 0, fontSize: vars.fontSize.md, lineHeight: vars.lineHeight.tight });

export const whoName = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const when = style({ color: onBlackMuted, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.regular });

export const menuHolder = style({ position: 'relative' });

export const menu = style({
  position: 'absolute',
  insetInlineEnd: 0,
  insetBlockStart: `calc(100% + ${vars.space.xs})`,
  zIndex: 2,
  display: 'grid',
  minWidth: '14rem',
  maxWidth: 'calc(100vw - 1rem)',
  margin: 0,
  padding: vars.space.xs,
  listStyle: 'none',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
});

export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: vars.size.touchTarget,
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.primarySoft },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '-3px' },
  },
});

export const dangerItem = style([menuItem, { color: vars.color.danger, fontWeight: vars.fontWeight.semibold }]);

/** The picture's room: touches here are the viewer's (swipe, pinch, double tap), never the page's scroll or zoom. */
export const stage = style({
  position: 'relative',
  minHeight: 0,
  overflow: 'hidden',
  touchAction: 'none',
  userSelect: 'none',
});

/** The whole stage, the photo within it as large as it fits (a percentage of a grid row's height would not hold). */
export const picture = style({
  position: 'absolute',
  inset: 0,
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'contain',
  transformOrigin: 'center',
  transition: 'transform 120ms ease-out',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

const side = style({
  position: 'absolute',
  insetBlockStart: '50%',
  transform: 'translateY(-50%)',
  width: '3rem',
  height: '3rem',
  background: glass,
  color: onBlack,
  selectors: {
    '&:hover': { color: onBlack, background: 'rgba(0, 0, 0, 0.75)' },
    '&:focus-visible': { outline: `3px solid ${onBlack}`, outlineOffset: '2px' },
    '&:disabled': { opacity: 0, pointerEvents: 'none' },
  },
});

export const previous = style([side, { insetInlineStart: vars.space.sm }]);
export const next = style([side, { insetInlineEnd: vars.space.sm }]);

export const caption = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: `${vars.space.sm} ${vars.space.md} max(${vars.space.md}, env(safe-area-inset-bottom))`,
  textAlign: 'center',
});

export const captionTitle = style({ margin: 0, fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const captionText = style({
  margin: 0,
  maxHeight: '6lh',
  overflowY: 'auto',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  lineHeight: vars.lineHeight.body,
});

export const captionMeta = style({
  margin: 0,
  color: onBlackMuted,
  fontSize: vars.fontSize.sm,
  fontVariantNumeric: 'tabular-nums',
});

/** Opens the photo's stories told by the family (decision 0058): a pill on the black, easy to hit. */
export const storiesButton = style({
  justifySelf: 'center',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.touchTarget,
  paddingInline: vars.space.md,
  marginBlockStart: vars.space.xs,
  borderRadius: vars.radius.pill,
  border: `1px solid ${onBlackMuted}`,
  background: 'transparent',
  color: onBlack,
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: 'hsl(0 0% 100% / 0.12)' },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

/** A question or a form rising over the picture's foot, in the theme's colours like every other sheet. */
export const sheet = style({
  position: 'absolute',
  insetInline: 0,
  insetBlockEnd: 0,
  zIndex: 3,
  display: 'grid',
  gap: vars.space.md,
  maxHeight: '85dvh',
  overflowY: 'auto',
  padding: `${vars.space.lg} ${vars.space.lg} max(${vars.space.lg}, env(safe-area-inset-bottom))`,
  borderStartStartRadius: vars.radius.xl,
  borderStartEndRadius: vars.radius.xl,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  '@media': {
    '(min-width: 40rem)': {
      insetInline: 'auto',
      insetInlineStart: '50%',
      insetBlockEnd: vars.space.xl,
      width: '32rem',
      transform: 'translateX(-50%)',
      borderRadius: vars.radius.xl,
    },
  },
});

/** Choosing who is in the photo leaves the picture above it to tap on. */
export const tagSheet = style([sheet, { maxHeight: '55dvh' }]);

export const sheetTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const sheetText = style({ margin: 0, lineHeight: vars.lineHeight.body });
