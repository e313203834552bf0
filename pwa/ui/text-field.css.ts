import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';
import { visuallyHidden } from './visually-hidden.css.ts';

export const field = style({ display: 'grid', alignContent: 'start', gap: vars.space.xs, minWidth: 0 });

export const label = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.md });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const errorIcon = style({ flexShrink: 0, marginBlockStart: '0.15em' });

export const inputWrap = style({ position: 'relative', display: 'flex' });

export const input = style({
  width: '100%',
  minWidth: 0,
  minHeight: `calc(${vars.size.touchTarget} + 0.25rem)`,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1.5px solid ${vars.color.borderStrong}`,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  transition: 'border-color 150ms ease, box-shadow 150ms ease',
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:focus': { outline: 'none', borderColor: vars.color.focusRing, boxShadow: `0 0 0 3px ${vars.color.primarySoft}` },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

/** Room on the right for the show/hide button so the last characters are never under it. */
export const inputWithToggle = style({ paddingInlineEnd: `calc(${vars.size.touchTarget} + ${vars.space.xs})` });

export const visibilityToggle = style({
  position: 'absolute',
  insetBlock: 0,
  insetInlineEnd: vars.space.xxs,
  marginBlock: 'auto',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.text } },
});

export const hiddenLabel = visuallyHidden;

export const textarea = style({
  minHeight: '6rem',
  resize: 'vertical',
  lineHeight: vars.lineHeight.body,
  fontFamily: 'inherit',
});
