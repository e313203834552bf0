import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
});

export const badgeTone = styleVariants({
  soon: [base, { background: vars.color.primarySoft, color: vars.color.primaryText }],
  now: [base, { background: vars.color.primary, color: vars.color.primaryForeground }],
});
