import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const group = style({ margin: 0, padding: 0, border: 0, minWidth: 0 });

export const legend = style({ padding: 0, marginBlockEnd: vars.space.sm, fontWeight: vars.fontWeight.semibold });

export const tiles = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 5.5rem), 1fr))',
  gap: vars.space.sm,
});

/** Four choices go two by two on a phone rather than three and one. */
export const fourTiles = style({
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { 'screen and (min-width: 36em)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const tile = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: '5rem',
  padding: `${vars.space.sm} ${vars.space.xs}`,
  textAlign: 'center',
  borderRadius: vars.radius.md,
  border: `1.5px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
  fontWeight: vars.fontWeight.medium,
  cursor: 'pointer',
  transition: 'border-color 150ms ease, background-color 150ms ease',
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong },
    '&:has(input:checked)': {
      borderColor: vars.color.primaryText,
      background: vars.color.primarySoft,
      fontWeight: vars.fontWeight.semibold,
    },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

/**
 * The real radio stays in the page for keyboard and screen readers, stretched invisibly over the tile, so a tap
 * anywhere on the tile is a tap on the radio.
 */
export const input = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  cursor: 'pointer',
});

export const check = style({
  position: 'absolute',
  insetBlockStart: vars.space.xs,
  insetInlineEnd: vars.space.xs,
  color: vars.color.primaryText,
  opacity: 0,
  selectors: { [`${tile}:has(input:checked) &`]: { opacity: 1 } },
});

export const hint = style({ marginBlockStart: vars.space.sm, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
