import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const body = style({ display: 'grid', gap: vars.space.md });

export const lastSynced = style({ margin: 0, color: vars.color.textMuted });

export const waiting = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
});

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const list = style({ display: 'grid', gap: vars.space.xs, margin: 0, paddingInlineStart: vars.space.lg });

export const item = style({ overflowWrap: 'anywhere' });
