import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';
import { iconTile, panel } from './layout.css.ts';

const grid = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 36em)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.lg } },
});

export const columns = styleVariants({
  2: [grid],
  3: [grid, { '@media': { 'screen and (min-width: 60em)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } } }],
  4: [grid, { '@media': { 'screen and (min-width: 64em)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } } }],
});

export const card = style([
  panel,
  {
    position: 'relative',
    height: '100%',
    boxShadow: vars.shadow.sm,
    transition: 'border-color 150ms ease, box-shadow 150ms ease, transform 150ms ease',
  },
]);

/** A card with a link is clickable all over; it lifts a little under the pointer to say so. */
export const linkedCard = style({
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong, boxShadow: vars.shadow.md, transform: 'translateY(-2px)' },
    '&:focus-within': { borderColor: vars.color.borderStrong },
  },
});

export const visual = style({ display: 'flex', alignItems: 'center', minHeight: '3rem', marginBlockEnd: vars.space.xs });

export const image = style({ width: '4.5rem', height: '4.5rem', borderRadius: vars.radius.md });

export const iconBadge = style([iconTile, { display: 'inline-grid' }]);

export const title = style({ fontSize: vars.fontSize.lg });

export const text = style({ color: vars.color.textMuted });

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  marginBlockStart: 'auto',
  paddingBlockStart: vars.space.sm,
  minHeight: vars.size.touchTarget,
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  selectors: {
    // The link's hit area covers the whole card.
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.lg },
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
