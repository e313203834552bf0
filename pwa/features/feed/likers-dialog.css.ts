import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const list = style({ display: 'grid', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const person = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  fontWeight: vars.fontWeight.semibold,
});
