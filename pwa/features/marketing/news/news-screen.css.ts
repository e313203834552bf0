import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const section = style({ display: 'grid', gap: vars.space.md });

export const sectionHeading = style({ display: 'grid', gap: vars.space.xxs });

export const sectionTitle = style({ fontSize: vars.fontSize.xxl });

export const sectionLead = style({ color: vars.color.textMuted });

export const cardGrid = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
  alignItems: 'start',
});

globalStyle(`${cardGrid} > li`, { display: 'grid', minWidth: 0 });

export const postCard = style({ display: 'grid', alignContent: 'start', gap: vars.space.sm });

export const badge = style({
  justifySelf: 'start',
  paddingBlock: vars.space.xxs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const cardTitle = style({ fontSize: vars.fontSize.lg });

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const metaItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xxs });

export const excerpt = style({ color: vars.color.text });

export const more = style({ display: 'grid' });

export const moreToggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifySelf: 'start',
  gap: vars.space.xs,
  minHeight: vars.size.touchTarget,
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: {
    '&::-webkit-details-marker': { display: 'none' },
    '&::after': {
      content: '""',
      width: '0.5em',
      height: '0.5em',
      borderInlineEnd: '2px solid currentColor',
      borderBlockEnd: '2px solid currentColor',
      transform: 'translateY(-0.15em) rotate(45deg)',
      transition: 'transform 150ms ease',
    },
    [`${more}[open] > &::after`]: { transform: 'translateY(0.1em) rotate(-135deg)' },
    '&:hover': { textDecoration: 'underline', textUnderlineOffset: '0.15em' },
  },
});

export const moreBody = style({ display: 'grid', gap: vars.space.sm, paddingBlockEnd: vars.space.xs });

export const tutorialCard = style({
  display: 'grid',
  alignContent: 'start',
  justifyItems: 'start',
  gap: vars.space.sm,
});

/** The cover keeps the card's rounded corners. */
globalStyle(`${tutorialCard} > svg`, { borderRadius: vars.radius.md });

export const featuredList = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const featuredCard = style({
  display: 'grid',
  gap: vars.space.sm,
  '@media': {
    'screen and (min-width: 48em)': { gridTemplateColumns: '7rem minmax(0, 1fr)', alignItems: 'start' },
  },
});

export const featuredText = style({ display: 'grid', gap: vars.space.xs, maxWidth: '48rem' });

export const newsletterCard = style({
  background: `linear-gradient(135deg, ${vars.color.primarySoft}, ${vars.color.surface} 65%)`,
});

export const newsletter = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'center',
  '@media': { 'screen and (min-width: 56em)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.1fr)' } },
});

export const newsletterText = style({ display: 'grid', gap: vars.space.xs });

export const newsletterForm = style({
  display: 'grid',
  gap: vars.space.sm,
  alignItems: 'start',
  '@media': { 'screen and (min-width: 30em)': { gridTemplateColumns: 'minmax(0, 1fr) auto' } },
});

/** Beside the field on wider screens, level with the input rather than its label. */
export const subscribe = style({
  minHeight: `calc(${vars.size.touchTarget} + 0.25rem)`,
  '@media': {
    'screen and (min-width: 30em)': {
      marginBlockStart: `calc(${vars.fontSize.md} * ${vars.lineHeight.body} + ${vars.space.xs})`,
    },
  },
});

export const steps = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  paddingInlineStart: '1.5em',
  lineHeight: vars.lineHeight.body,
});
