import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const card = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
});

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });

export const byline = style({ display: 'grid', gap: vars.space.xxs, flex: 1, minWidth: '10rem' });

export const author = style({ fontWeight: vars.fontWeight.semibold });

export const time = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const waiting = style({
  display: 'inline-flex',
  alignItems: 'center',
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

export const content = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
});

globalStyle(`${content} a`, {
  color: vars.color.primaryText,
  textDecorationThickness: '1px',
  textUnderlineOffset: '2px',
});
