import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

/**
 * A band off screen is neither styled, laid out nor painted, and its lazy pictures not fetched, until it nears the
 * window: most of a long marketing page's first-load work (docs/decisions/0047). `auto` keeps a band's last size.
 */
const base = style({
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 36rem',
  paddingBlock: vars.space.xxl,
  '@media': { 'screen and (min-width: 48em)': { paddingBlock: vars.space.xxxl } },
});

export const tone = styleVariants({
  plain: [base],
  tinted: [
    base,
    {
      background: vars.color.surface,
      borderBlock: `1px solid ${vars.color.border}`,
    },
  ],
});

export const inner = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.xl });

export const header = style({ display: 'grid', gap: vars.space.sm, maxWidth: '42rem' });

export const headerCentered = style([header, { justifyItems: 'center', marginInline: 'auto', textAlign: 'center' }]);

export const title = style({
  fontSize: 'clamp(1.625rem, 1.2rem + 1.6vw, 2.25rem)',
  letterSpacing: '-0.01em',
});

export const lead = style({ color: vars.color.textMuted, fontSize: vars.fontSize.lg });
