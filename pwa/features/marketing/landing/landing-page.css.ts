import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';
import { panel } from '../ui/layout.css.ts';

/** The landing's lists of three (steps, testimonials, milestones): stacked on a phone, side by side when wide. */
const listOfThree = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': { 'screen and (min-width: 52em)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space.lg } },
});

/* How It Works */
export const steps = style([listOfThree, { counterReset: 'step' }]);

export const step = panel;

export const stepNumber = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.primaryForeground,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const stepTitle = style({ fontSize: vars.fontSize.lg });

export const stepText = style({ color: vars.color.textMuted });

export const stepAction = style({ marginBlockStart: 'auto', paddingBlockStart: vars.space.sm, alignSelf: 'flex-start' });

export const centeredAction = style({ display: 'flex', justifyContent: 'center' });

/* What Families Say */
export const testimonials = listOfThree;

export const testimonial = style([panel, { gap: vars.space.md, height: '100%', margin: 0, boxShadow: vars.shadow.sm }]);

export const stars = style({ display: 'flex', gap: '0.15rem', color: vars.color.primaryText });

export const quote = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: 1.5 });

export const quoteBy = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, marginBlockStart: 'auto' });

export const initialsBadge = style({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.bold,
});

export const quoteName = style({ fontWeight: vars.fontWeight.semibold, fontStyle: 'normal' });

export const quoteRole = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/* About and Our Story */
export const split = style({
  display: 'grid',
  gap: vars.space.xl,
  alignItems: 'center',
  '@media': { 'screen and (min-width: 52em)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: vars.space.xxl } },
});

export const prose = style({ display: 'grid', gap: vars.space.md, color: vars.color.textMuted, fontSize: vars.fontSize.lg });

export const storyImage = style({ width: '100%', height: 'auto', borderRadius: vars.radius.xl, boxShadow: vars.shadow.md });

export const inlineLink = style({ fontWeight: vars.fontWeight.semibold });

/* Launch Timeline */
export const timeline = listOfThree;

export const milestone = style([panel, { height: '100%', borderBlockStart: `4px solid ${vars.color.primary}` }]);

export const milestoneSoon = style({ borderBlockStartStyle: 'dashed', borderBlockStartColor: vars.color.borderStrong });

export const milestoneWhen = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});

export const milestoneTitle = style({ fontSize: vars.fontSize.lg });

export const milestoneText = style({ color: vars.color.textMuted });

/* Stay Updated */
export const stayUpdatedBand = style({
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
  '@media': { 'screen and (min-width: 48em)': { paddingBlock: `${vars.space.xxl} ${vars.space.xxxl}` } },
});

export const stayUpdated = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  background: `radial-gradient(ellipse 80% 100% at 0% 0%, ${vars.color.primarySoft}, transparent 70%), ${vars.color.surfaceRaised}`,
  boxShadow: vars.shadow.md,
  '@media': {
    'screen and (min-width: 52em)': {
      gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
      alignItems: 'center',
      padding: vars.space.xxl,
      gap: vars.space.xxl,
    },
  },
});

export const stayUpdatedText = style({ display: 'grid', gap: vars.space.sm });

export const stayUpdatedTitle = style({ fontSize: 'clamp(1.625rem, 1.2rem + 1.6vw, 2.25rem)' });

export const formArea = style({ display: 'grid', gap: vars.space.sm });

export const form = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.sm,
});

export const formField = style({ flex: '1 1 14rem' });

/** Lines up with the input, under the label. */
export const formButton = style({
  flex: '1 1 auto',
  minHeight: `calc(${vars.size.touchTarget} + 0.25rem)`,
  '@media': { 'screen and (min-width: 30em)': { flex: '0 0 auto', marginBlockStart: 'calc(1.6em + 0.25rem)' } },
});

export const thanks = style({ color: vars.color.success, fontWeight: vars.fontWeight.semibold, minHeight: '1.6em' });
