import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css.ts';

export const prompt = style({
  position: 'fixed',
  zIndex: 90,
  insetInline: vars.space.md,
  insetBlockStart: `max(${vars.space.md}, env(safe-area-inset-top))`,
  marginInline: 'auto',
  maxWidth: '32rem',
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.md,
  padding: vars.space.md,
  paddingInlineStart: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
});

export const text = style({ flex: '1 1 14rem', margin: 0, fontWeight: vars.fontWeight.medium });
