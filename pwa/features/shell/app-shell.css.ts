import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';
import { bottomBarSpace } from '../../ui/bottom-bar.css.ts';

export const skipLink = style({
  position: 'absolute',
  zIndex: 200,
  insetInlineStart: vars.space.md,
  insetBlockStart: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryForeground,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: 'none',
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const main = style({
  display: 'block',
  minHeight: '60dvh',
  outline: 'none',
});

/** Keeps the last lines of a page clear of the phone tab bar. */
export const mainAboveTabBar = style({ paddingBlockEnd: bottomBarSpace });

export const loading = style({
  minHeight: '100dvh',
  display: 'grid',
  placeContent: 'center',
  justifyItems: 'center',
  gap: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
});

/** Holds the header's place for the moment its code takes to arrive, so the page below does not jump. */
export const headerPlaceholder = style({ minHeight: 'calc(4rem + 1px)' });
