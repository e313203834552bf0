import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';
import { inlineList } from '../ui/layout.css.ts';

/** The generations banner: a warm band between the feature cards and the benefits. */
export const band = style({
  paddingBlock: vars.space.xxl,
  background: `radial-gradient(ellipse 60% 80% at 0% 100%, ${vars.color.primarySoft}, transparent 70%), radial-gradient(ellipse 60% 80% at 100% 0%, color-mix(in srgb, ${vars.color.accent} 14%, transparent), transparent 70%), ${vars.color.surface}`,
  borderBlock: `1px solid ${vars.color.border}`,
  '@media': { 'screen and (min-width: 48em)': { paddingBlock: vars.space.xxxl } },
});

export const inner = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  '@media': { 'screen and (min-width: 48em)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.15fr)', gap: vars.space.xxl } },
});

export const art = style({ width: '100%', maxWidth: '30rem', height: 'auto', justifySelf: 'center' });

export const text = style({ display: 'grid', gap: vars.space.md, justifyItems: 'start' });

export const title = style({ fontSize: 'clamp(1.625rem, 1.2rem + 1.6vw, 2.25rem)', letterSpacing: '-0.01em' });

export const lead = style({ color: vars.color.textMuted, fontSize: vars.fontSize.lg, maxWidth: '36rem' });

export const generations = inlineList;

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
});
