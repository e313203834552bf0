import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  borderRadius: '50%',
  overflow: 'hidden',
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  userSelect: 'none',
});

export const avatarSize = styleVariants({
  sm: [base, { width: '2.25rem', height: '2.25rem', fontSize: vars.fontSize.sm }],
  md: [base, { width: '2.75rem', height: '2.75rem', fontSize: vars.fontSize.md }],
  lg: [base, { width: '4rem', height: '4rem', fontSize: vars.fontSize.xl }],
  xl: [base, { width: '6rem', height: '6rem', fontSize: vars.fontSize.xxl }],
});

export const image = style({ width: '100%', height: '100%', objectFit: 'cover' });
