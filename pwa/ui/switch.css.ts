import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  paddingBlock: vars.space.sm,
});

export const text = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });

export const label = style({ fontWeight: vars.fontWeight.semibold, cursor: 'pointer' });

export const description = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The button is the 44 px touch target; the visible track sits inside it. */
export const switchButton = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '3.5rem',
  minHeight: vars.size.touchTarget,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  cursor: 'pointer',
  selectors: { '&:disabled': { cursor: 'not-allowed', opacity: 0.6 } },
});

export const track = style({
  position: 'relative',
  display: 'block',
  width: '3.25rem',
  height: '1.875rem',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceSunken,
  border: `1.5px solid ${vars.color.borderStrong}`,
  transition: 'background-color 150ms ease, border-color 150ms ease',
  selectors: {
    [`${switchButton}[aria-checked="true"] &`]: { background: vars.color.primary, borderColor: vars.color.primary },
  },
});

export const thumb = style({
  position: 'absolute',
  insetBlockStart: '50%',
  insetInlineStart: '0.1875rem',
  width: '1.375rem',
  height: '1.375rem',
  borderRadius: '50%',
  background: vars.color.borderStrong,
  boxShadow: vars.shadow.sm,
  transform: 'translateY(-50%)',
  transition: 'transform 150ms ease, background-color 150ms ease',
  selectors: {
    [`${switchButton}[aria-checked="true"] &`]: {
      background: vars.color.primaryForeground,
      transform: 'translate(1.375rem, -50%)',
    },
  },
});
