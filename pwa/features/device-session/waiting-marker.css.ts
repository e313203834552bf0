import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** A small pill, as wide as its words even where its parent stretches what it holds (a grid). */
export const marker = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifySelf: 'start',
  gap: vars.space.xs,
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.primarySoft,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});
