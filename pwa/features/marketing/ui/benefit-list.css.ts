import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

const list = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const columns = styleVariants({
  1: [list],
  2: [list, { '@media': { 'screen and (min-width: 40em)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: vars.space.xl } } }],
  3: [list, { '@media': { 'screen and (min-width: 56em)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', columnGap: vars.space.xl } } }],
});

export const item = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm });

export const check = style({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '1.75rem',
  height: '1.75rem',
  borderRadius: vars.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
});

export const body = style({ display: 'grid', gap: vars.space.xxs, paddingBlockStart: '0.1rem' });

export const title = style({ fontWeight: vars.fontWeight.semibold });

export const text = style({ color: vars.color.textMuted });
