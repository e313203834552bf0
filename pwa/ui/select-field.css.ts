import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const selectWrap = style({ position: 'relative', display: 'flex' });

/** The browser's own arrow is drawn differently everywhere; ours matches the icons and leaves room for long labels. */
export const select = style({
  appearance: 'none',
  cursor: 'pointer',
  paddingInlineEnd: `calc(${vars.size.touchTarget} + ${vars.space.xs})`,
  selectors: {
    '&:has(option[value=""]:checked)': { color: vars.color.textMuted },
  },
});

/** The open list keeps normal text colour even while the closed select shows its muted placeholder. */
globalStyle(`${select} option`, { color: vars.color.text, background: vars.color.surfaceRaised });

export const chevron = style({
  position: 'absolute',
  insetBlock: 0,
  insetInlineEnd: vars.space.md,
  marginBlock: 'auto',
  color: vars.color.textMuted,
  pointerEvents: 'none',
});
