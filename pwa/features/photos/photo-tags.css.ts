import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** Tags live on the viewer's black (photo-viewer.css.ts): white words on darkened glass. */
const onBlack = '#ffffff';
const glass = 'rgba(0, 0, 0, 0.55)';
const glassBorder = 'rgba(255, 255, 255, 0.45)';

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  maxWidth: '100%',
  paddingInlineStart: vars.space.md,
  borderRadius: vars.radius.pill,
  border: `1px solid ${glassBorder}`,
  background: glass,
  color: onBlack,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

/** A chip without a remove button keeps its padding on both sides. */
export const chipName = style({ paddingBlock: vars.space.xs, paddingInlineEnd: vars.space.md });

export const chipRemove = style({
  display: 'inline-grid',
  placeItems: 'center',
  flex: 'none',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  marginInlineStart: `calc(-1 * ${vars.space.sm})`,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: onBlack,
  font: 'inherit',
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: 'rgba(255, 255, 255, 0.18)' },
    '&:focus-visible': { outline: `3px solid ${onBlack}`, outlineOffset: '-3px' },
  },
});

export const whoButton = style([
  chip,
  {
    paddingInline: vars.space.md,
    font: 'inherit',
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.semibold,
    cursor: 'pointer',
    selectors: {
      '&:hover': { background: 'rgba(255, 255, 255, 0.18)' },
      '&:focus-visible': { outline: `3px solid ${onBlack}`, outlineOffset: '2px' },
    },
  },
]);

/** Over the picture, moved and zoomed with it: the box the contained picture fills. */
export const layer = style({ position: 'absolute', inset: 0, pointerEvents: 'none', transformOrigin: 'center' });

export const picturedBox = style({ position: 'absolute' });

export const dot = style({
  position: 'absolute',
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.xxs,
  transform: 'translate(-50%, -0.5rem)',
  color: onBlack,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  '::before': {
    content: '""',
    width: '1rem',
    height: '1rem',
    borderRadius: vars.radius.pill,
    border: `3px solid ${onBlack}`,
    background: vars.color.primary,
    boxShadow: '0 1px 4px rgba(0, 0, 0, 0.7)',
  },
});

/** The name under a dot: short, on glass, so it reads over any picture and hides little of it. */
export const dotName = style({
  maxWidth: '9rem',
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  background: glass,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** The place being marked, before anyone is chosen for it. */
export const pendingDot = style([dot, { '::before': { background: 'transparent', borderStyle: 'dashed' } }]);

export const sheetHint = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });

export const memberList = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 12rem), 1fr))',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const memberButton = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: vars.size.touchTarget,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  overflowWrap: 'anywhere',
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.primarySoft },
    '&[aria-pressed="true"]': {
      borderColor: vars.color.primary,
      background: vars.color.primarySoft,
      fontWeight: vars.fontWeight.semibold,
    },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const memberName = style({ flex: 1, minWidth: 0 });

export const check = style({ flex: 'none', color: vars.color.primaryText, fontWeight: vars.fontWeight.bold });
