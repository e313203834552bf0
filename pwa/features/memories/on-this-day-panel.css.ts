import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const years = style({
  display: 'grid',
  gap: vars.space.lg,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const year = style({ display: 'grid', gap: vars.space.sm });

export const yearTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

/** On a line of its own under "3 years ago today", so a narrow screen never starts a line with a separator. */
export const date = style({
  display: 'block',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
});

export const photos = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(5.5rem, 1fr))',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const posts = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** A post remembered: a quote of it, the whole row a button that opens it. */
export const post = style({
  display: 'grid',
  gap: vars.space.xxs,
  width: '100%',
  minHeight: vars.size.touchTarget,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 0,
  borderInlineStart: `3px solid ${vars.color.primaryText}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.primarySoft } },
});

export const quote = style({
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
  lineHeight: vars.lineHeight.body,
});

export const byline = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
