import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const page = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  background: `radial-gradient(ellipse 80% 50% at 50% -10%, ${vars.color.primarySoft}, transparent 70%), ${vars.color.background}`,
});

export const top = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  width: '100%',
  maxWidth: '64rem',
  marginInline: 'auto',
  padding: `${vars.space.sm} ${vars.space.md}`,
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  color: vars.color.text,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  borderRadius: vars.radius.md,
});

export const backLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.text, textDecoration: 'underline' } },
});

export const body = style({
  flex: 1,
  display: 'grid',
  alignItems: 'center',
  justifyItems: 'center',
  // One column no wider than the screen: the carousel's controls must not widen it past a 320 px phone.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  width: '100%',
  maxWidth: '64rem',
  marginInline: 'auto',
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.xxl}`,
});

/** With a side panel (signup): the form first, the panel under it on phones and beside it from tablet width. */
export const bodyWithAside = style({
  '@media': {
    'screen and (min-width: 56em)': {
      gridTemplateColumns: 'minmax(0, 28rem) minmax(0, 1fr)',
      alignItems: 'stretch',
      gap: vars.space.xl,
    },
  },
});

export const formCard = style({ width: '100%', maxWidth: '28rem', display: 'grid', gap: vars.space.lg });

export const heading = style({ display: 'grid', gap: vars.space.xs });

/** Smaller on the narrowest phones with the largest text, so "password?" keeps its question mark on its line. */
export const title = style({ fontSize: `min(${vars.fontSize.xxl}, 11vw)` });

export const lead = style({ color: vars.color.textMuted });

/** A paragraph of plain explanation inside the card. */
export const text = style({ lineHeight: 1.6 });

/** "Forgot password?" under the password field, at the end of the line. */
export const besideField = style({ justifySelf: 'end' });

export const form = style({ display: 'grid', gap: vars.space.md });

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  selectors: {
    '&::before, &::after': { content: '""', flex: 1, height: '1px', background: vars.color.border },
  },
});

export const footnote = style({ color: vars.color.textMuted, textAlign: 'center' });

export const small = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, textAlign: 'center' });

export const inlineLink = style({
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.semibold,
  textUnderlineOffset: '0.2em',
  display: 'inline-block',
  paddingBlock: vars.space.sm,
});

/** The sign-in link's code, large enough to read across a room and type on another device (decision 0055). */
export const code = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
  letterSpacing: '0.1em',
  // Both halves on one line, as typed: "482 913" read across a break is easy to get wrong.
  whiteSpace: 'nowrap',
  textAlign: 'center',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
});
