import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { toastRules } from '../../schema/limits.ts';
import { bottomBarSpace } from './bottom-bar.css.ts';
import { vars } from './theme.css.ts';

/**
 * Phones: at the top, over the header, where neither the thing just done nor its result sits (a new post appears under
 * the composer, a form's button near the bottom). Tablet width and up: bottom-right, beside the content. The region
 * is a popover (toaster.tsx), so the browser's own popover look is undone here.
 */
export const region = style({
  position: 'fixed',
  zIndex: 100,
  margin: 0,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  overflow: 'visible',
  inset: 'auto',
  insetInline: 0,
  insetBlockStart: 0,
  width: 'auto',
  height: 'auto',
  padding: vars.space.md,
  paddingBlockStart: `max(${vars.space.md}, env(safe-area-inset-top))`,
  pointerEvents: 'none',
  outline: 'none',
  '@media': {
    'screen and (min-width: 48em)': {
      insetBlockStart: 'auto',
      // Above a bottom bar, should one be shown at this width.
      insetBlockEnd: bottomBarSpace,
      insetInlineStart: 'auto',
      width: '100%',
      maxWidth: `${toastRules.viewportMaxWidthPx}px`,
      padding: vars.space.lg,
    },
  },
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '-3px' },
  },
});

export const list = style({ display: 'grid', gap: vars.space.sm });

/** Toasts slide in from the edge they sit at: down from the top on phones, up from the bottom on wider screens. */
const enterFromTop = keyframes({
  from: { opacity: 0, transform: 'translateY(-0.75rem)' },
  to: { opacity: 1, transform: 'none' },
});
const enterFromBottom = keyframes({
  from: { opacity: 0, transform: 'translateY(0.75rem)' },
  to: { opacity: 1, transform: 'none' },
});

const base = style({
  pointerEvents: 'auto',
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.md,
  paddingInlineStart: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.lg,
  animation: `${enterFromTop} 200ms ease-out`,
  '@media': { 'screen and (min-width: 48em)': { animation: `${enterFromBottom} 200ms ease-out` } },
  touchAction: 'pan-y',
  transition: 'transform 200ms ease, opacity 200ms ease',
  '::before': {
    content: '""',
    position: 'absolute',
    insetBlock: vars.space.md,
    insetInlineStart: vars.space.sm,
    width: '4px',
    borderRadius: vars.radius.pill,
  },
  selectors: {
    '&[data-swiping="true"]': { transition: 'none' },
  },
});

export const toastVariant = styleVariants({
  default: [
    base,
    {
      background: vars.color.surfaceRaised,
      color: vars.color.text,
      selectors: { '&::before': { background: vars.color.primary } },
    },
  ],
  destructive: [
    base,
    {
      background: vars.color.dangerSoft,
      color: vars.color.text,
      borderColor: vars.color.danger,
      selectors: { '&::before': { background: vars.color.danger } },
    },
  ],
});

export const content = style({
  display: 'grid',
  gap: vars.space.xxs,
  flex: 1,
  minWidth: 0,
  paddingBlock: vars.space.xs,
});

export const title = style({ fontWeight: vars.fontWeight.bold });

export const destructiveTitle = style({ color: vars.color.danger });

export const description = style({ color: vars.color.text, fontSize: vars.fontSize.sm });

/** Pulls the 44 px button into the corner so its visible circle lines up with the text. */
export const close = style({
  marginBlock: `calc(-1 * ${vars.space.xs})`,
  marginInlineEnd: `calc(-1 * ${vars.space.xs})`,
});
