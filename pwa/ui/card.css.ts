import { styleVariants, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const base = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  minWidth: 0,
});

export const cardPadding = styleVariants({
  md: [base, { padding: vars.space.lg }],
  lg: [
    base,
    {
      padding: vars.space.lg,
      '@media': { 'screen and (min-width: 40em)': { padding: vars.space.xl } },
    },
  ],
});
