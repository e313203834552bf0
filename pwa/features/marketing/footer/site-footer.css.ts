import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';
import { inlineList } from '../ui/layout.css.ts';
import { bottomBarSpace } from '../../../ui/bottom-bar.css.ts';

export const footer = style({
  marginBlockStart: 'auto',
  background: vars.color.surface,
  borderBlockStart: `1px solid ${vars.color.border}`,
  paddingBlock: `${vars.space.xl} ${vars.space.lg}`,
  '@media': { 'screen and (min-width: 48em)': { paddingBlockStart: vars.space.xxl } },
});

/** Keeps the footer's last lines clear of the phone tab bar (a signed-in person on a public page). */
export const footerAboveTabBar = style({ paddingBlockEnd: `calc(${bottomBarSpace} + ${vars.space.lg})` });

export const welcome = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  marginBlockEnd: vars.space.xl,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.lg,
  background: `linear-gradient(120deg, ${vars.color.primarySoft}, ${vars.color.surfaceRaised})`,
  border: `1px solid ${vars.color.border}`,
});

export const welcomeText = style({ display: 'grid', gap: vars.space.xxs });

export const welcomeTitle = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const muted = style({ color: vars.color.textMuted });

/** Phones: the two link columns side by side, the words about Hearth and Follow Along across the width. */
export const grid = style({
  display: 'grid',
  gap: `${vars.space.xl} ${vars.space.lg}`,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': {
    'screen and (min-width: 60em)': { gridTemplateColumns: 'minmax(0, 1.4fr) repeat(3, minmax(0, 1fr))' },
  },
});

export const wide = style({
  gridColumn: '1 / -1',
  '@media': { 'screen and (min-width: 60em)': { gridColumn: 'auto' } },
});

export const about = style({ display: 'grid', gap: vars.space.sm, alignContent: 'start', maxWidth: '24rem' });

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  justifySelf: 'start',
  minHeight: vars.size.touchTarget,
  color: vars.color.text,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  borderRadius: vars.radius.md,
});

export const column = style({ display: 'grid', gap: vars.space.xs, alignContent: 'start' });

export const columnTitle = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const links = style({ display: 'grid', margin: 0, padding: 0, listStyle: 'none' });

/** Footer links and the Download App button look alike: text with a 44 px tall hit area. */
export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  padding: 0,
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.primaryText, textDecoration: 'underline' } },
});

export const socialList = inlineList;

export const socialLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.touchTarget,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: { '&:hover': { background: vars.color.primarySoft, borderColor: vars.color.borderStrong } },
});

export const bottom = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  marginBlockStart: vars.space.xl,
  paddingBlockStart: vars.space.lg,
  borderBlockStart: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
