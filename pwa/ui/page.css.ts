import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const base = style({
  marginInline: 'auto',
  paddingInline: vars.space.md,
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  alignContent: 'start',
  '@media': {
    'screen and (min-width: 40em)': {
      paddingInline: vars.space.lg,
      paddingBlockStart: vars.space.xxl,
      gap: vars.space.xl,
    },
  },
});

export const pageWidth = styleVariants({
  narrow: [base, { maxWidth: `calc(${vars.size.narrowWidth} + 2 * ${vars.space.lg})` }],
  default: [base, { maxWidth: `calc(48rem + 2 * ${vars.space.lg})` }],
  wide: [base, { maxWidth: `calc(${vars.size.contentWidth} + 2 * ${vars.space.lg})` }],
});

export const header = style({ display: 'grid', gap: vars.space.sm });

export const title = style({ fontSize: vars.fontSize.display, letterSpacing: '-0.01em' });

export const lead = style({ color: vars.color.textMuted, fontSize: vars.fontSize.lg, maxWidth: '40rem' });
