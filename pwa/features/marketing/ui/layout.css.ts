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

/** A small uppercase line over a title that says what kind of page or band it is. */
export const eyebrow = style({
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

/** A raised box of the marketing pages (a step, a quote, a milestone, a feature): its parts stacked. */
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
});

/** The soft square an icon sits in at the top of a card. */
export const iconTile = style({
  display: 'grid',
  placeItems: 'center',
  width: '3rem',
  height: '3rem',
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
});

/** A list without bullets or indent, its items a row that wraps. */
export const inlineList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** A list of cards, as many side by side as fit at 16rem or more each. */
export const cardList = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
});
