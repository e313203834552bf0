import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const card = style({ display: 'grid', justifyItems: 'center', gap: vars.space.md, textAlign: 'center' });

export const title = style({ margin: 0, fontSize: vars.fontSize.xl });

export const lead = style({ margin: 0, maxWidth: '32rem', color: vars.color.textMuted });

export const form = style({
  display: 'grid',
  gap: vars.space.md,
  width: '100%',
  maxWidth: '24rem',
  textAlign: 'start',
});
