import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const dialog = style({
  width: 'min(32rem, calc(100vw - 2rem))',
  selectors: { '&::backdrop': { background: vars.color.overlay } },
  maxHeight: 'calc(100dvh - 2rem)',
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
});

export const inner = style({ display: 'grid', gap: vars.space.md, padding: vars.space.xl });

export const header = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.md });

export const title = style({ flex: 1, margin: 0, fontSize: vars.fontSize.xl, lineHeight: vars.lineHeight.tight });

export const close = style({
  marginBlockStart: `calc(-1 * ${vars.space.xs})`,
  marginInlineEnd: `calc(-1 * ${vars.space.xs})`,
});

export const description = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });
