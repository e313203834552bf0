import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

/** The marketing pages' column: as wide as the header's bar, with the same gutters. */
export const container = style({
  width: '100%',
  maxWidth: `calc(${vars.size.contentWidth} + 2 * ${vars.space.lg})`,
  marginInline: 'auto',
  paddingInline: vars.space.md,
  '@media': { 'screen and (min-width: 40em)': { paddingInline: vars.space.lg } },
});

/** Buttons side by side that wrap; on a narrow phone each takes the full width, easy to hit with a thumb. */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  '@media': { 'screen and (max-width: 30em)': { flexDirection: 'column', alignItems: 'stretch' } },
});

export const actionsCentered = style([actions, { justifyContent: 'center' }]);
