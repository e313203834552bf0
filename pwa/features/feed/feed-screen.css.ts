import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const column = style({ display: 'grid', gap: vars.space.lg });

export const familyName = style({ margin: 0, fontSize: vars.fontSize.xl });

export const privacyNote = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  margin: 0,
  marginBlockStart: vars.space.lg,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});
