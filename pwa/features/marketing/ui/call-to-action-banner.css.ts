import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const banner = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'center',
  padding: `${vars.space.xl} ${vars.space.lg}`,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  background: `radial-gradient(ellipse 80% 90% at 0% 0%, ${vars.color.primarySoft}, transparent 70%), radial-gradient(ellipse 70% 90% at 100% 100%, color-mix(in srgb, ${vars.color.accent} 16%, transparent), transparent 70%), ${vars.color.surfaceRaised}`,
  boxShadow: vars.shadow.md,
  textAlign: 'center',
  '@media': { 'screen and (min-width: 48em)': { padding: `${vars.space.xxl} ${vars.space.xxl}` } },
});

export const title = style({ fontSize: 'clamp(1.5rem, 1.2rem + 1.2vw, 2rem)', letterSpacing: '-0.01em' });

export const text = style({ maxWidth: '36rem', color: vars.color.textMuted, fontSize: vars.fontSize.lg });

export const actionsRow = style({ marginBlockStart: vars.space.xs });
