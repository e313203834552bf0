import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';
import { eyebrow as layoutEyebrow } from './layout.css.ts';

export const hero = style({
  background: `radial-gradient(ellipse 70% 60% at 15% 0%, ${vars.color.primarySoft}, transparent 70%), radial-gradient(ellipse 50% 50% at 100% 30%, color-mix(in srgb, ${vars.color.accent} 14%, transparent), transparent 70%)`,
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
  '@media': { 'screen and (min-width: 48em)': { paddingBlock: `${vars.space.xxxl}` } },
});

export const inner = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  '@media': { 'screen and (min-width: 56em)': { gridTemplateColumns: 'minmax(0, 1.1fr) minmax(0, 1fr)', gap: vars.space.xxl } },
});

export const innerTextOnly = style({ maxWidth: '46rem' });

export const text = style({ display: 'grid', gap: vars.space.md, justifyItems: 'start' });

export const eyebrow = style([layoutEyebrow, { display: 'inline-flex', alignItems: 'center', gap: vars.space.xs }]);

export const title = style({
  fontSize: 'clamp(2rem, 1.3rem + 3vw, 3.25rem)',
  letterSpacing: '-0.02em',
  lineHeight: 1.1,
});

export const lead = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
  maxWidth: '38rem',
  '@media': { 'screen and (min-width: 48em)': { fontSize: vars.fontSize.xl, lineHeight: 1.5 } },
});

export const actionsRow = style({ marginBlockStart: vars.space.sm, width: '100%' });

export const note = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const image = style({
  width: '100%',
  height: 'auto',
  maxWidth: '34rem',
  justifySelf: 'center',
  borderRadius: vars.radius.xl,
});
