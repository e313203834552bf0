import { style } from '@vanilla-extract/css';
import { pulsing } from '../../ui/skeleton.css.ts';
import { vars } from '../../ui/theme.css.ts';

export const section = style({ display: 'grid', gap: vars.space.md, marginBlockEnd: vars.space.xl });

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

/** Cards side by side where there is room, one under the other on a phone (and with Largest text). */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 19rem), 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const card = style({ display: 'grid', gap: vars.space.sm, height: '100%', alignContent: 'start' });

export const cardTop = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });

export const badge = style({
  display: 'inline-block',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const pastBadge = style([badge, { background: vars.color.surfaceSunken, color: vars.color.textMuted }]);

/** The title opens the event: a plain-looking button as large as the words. */
export const title = style({
  margin: 0,
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  textAlign: 'start',
  cursor: 'pointer',
  minHeight: vars.size.touchTarget,
  ':hover': { textDecoration: 'underline' },
});

/** A card's title that opens nothing (a birthday). */
export const plainTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });

export const detail = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });

/** Who is coming: the card's news, in the text's own colour. */
export const coming = style({ margin: 0, fontWeight: vars.fontWeight.medium, lineHeight: vars.lineHeight.body });

/** The way into the event, at the card's foot, as wide as its words and never less than a fingertip. */
export const open = style({ justifySelf: 'start', gap: vars.space.xs, marginInlineStart: `calc(-1 * ${vars.space.sm})` });

export const answers = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginBlockStart: 'auto' });

export const ended = style([detail, { fontStyle: 'italic', marginBlockStart: 'auto' }]);

export const description = style({ margin: 0, whiteSpace: 'pre-wrap', lineHeight: vars.lineHeight.body });

export const people = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
});

export const peopleList = style({ margin: 0, paddingInlineStart: vars.space.lg, lineHeight: vars.lineHeight.body });

export const peopleTitle = style({
  margin: `0 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const form = style({ display: 'grid', gap: vars.space.md });

export const checkbox = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  fontWeight: vars.fontWeight.medium,
});

export const checkboxInput = style({ width: '1.25rem', height: '1.25rem', accentColor: vars.color.primary });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const skeleton = style([
  pulsing,
  { minHeight: '11rem', borderRadius: vars.radius.lg, background: vars.color.surfaceSunken },
]);
