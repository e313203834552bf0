import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** A member's name with its markers after it, wrapping under it when the line is short. */
export const markedName = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'anywhere',
});

const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.body,
});

export const you = style([pill, { background: vars.color.primarySoft, color: vars.color.text }]);

export const adminBadge = style([
  pill,
  {
    border: `1px solid ${vars.color.primaryText}`,
    color: vars.color.primaryText,
    fontWeight: vars.fontWeight.semibold,
  },
]);

export const crown = style({ display: 'inline-flex', color: vars.color.primaryText });
