import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

const twoColumns = 'screen and (min-width: 64em)';

export const page = style({
  marginInline: 'auto',
  maxWidth: `calc(${vars.size.contentWidth} + 2 * ${vars.space.lg})`,
  paddingInline: vars.space.md,
  paddingBlock: `${vars.space.xl} ${vars.space.xxl}`,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  '@media': {
    'screen and (min-width: 40em)': { paddingInline: vars.space.lg, paddingBlockStart: vars.space.xxl },
    [twoColumns]: {
      gridTemplateColumns: '17rem minmax(0, 46rem)',
      justifyContent: 'center',
      columnGap: vars.space.xxl,
    },
  },
});

export const header = style({
  display: 'grid',
  gap: vars.space.sm,
  '@media': { [twoColumns]: { gridColumn: 2, gridRow: 1 } },
});

export const title = style({ fontSize: vars.fontSize.display, letterSpacing: '-0.01em' });

export const effective = style({ color: vars.color.textMuted, fontSize: vars.fontSize.md });

export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted });

/** On wide screens the contents stay in view beside the text; on phones they come first, as a card. */
export const toc = style({
  display: 'grid',
  gap: vars.space.sm,
  '@media': {
    [twoColumns]: {
      gridColumn: 1,
      gridRow: '1 / span 2',
      alignSelf: 'start',
      position: 'sticky',
      insetBlockStart: '5.5rem',
      maxHeight: 'calc(100dvh - 7rem)',
      overflowY: 'auto',
    },
  },
});

export const tocTitle = style({
  fontSize: vars.fontSize.md,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.semibold,
});

export const tocList = style({
  display: 'grid',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  counterReset: 'legal-toc',
});

export const tocLink = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  lineHeight: vars.lineHeight.tight,
  selectors: {
    '&:hover': { background: vars.color.primarySoft, color: vars.color.primaryText },
  },
});

export const tocNumber = style({
  flexShrink: 0,
  minWidth: '1.75rem',
  color: vars.color.primaryText,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const article = style({
  display: 'grid',
  gap: vars.space.lg,
  minWidth: 0,
  '@media': { [twoColumns]: { gridColumn: 2, gridRow: 2 } },
});

export const section = style({
  display: 'grid',
  gap: vars.space.md,
  paddingBlockStart: vars.space.lg,
  borderBlockStart: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { paddingBlockStart: 0, borderBlockStart: 0 } },
});

export const sectionTitle = style({
  display: 'flex',
  gap: vars.space.sm,
  fontSize: vars.fontSize.xl,
  outline: 'none',
});

export const sectionNumber = style({ color: vars.color.primaryText, fontVariantNumeric: 'tabular-nums' });

/** Running text inside a section: paragraphs, lists, small headings and tables written as plain JSX. */
export const body = style({ display: 'grid', gap: vars.space.md, lineHeight: vars.lineHeight.body });

globalStyle(`${body} h3`, { fontSize: vars.fontSize.lg, marginBlockStart: vars.space.xs });
globalStyle(`${body} ul:not([class])`, { margin: 0, paddingInlineStart: '1.25rem', display: 'grid', gap: vars.space.xs });
globalStyle(`${body} li::marker`, { color: vars.color.primaryText });
globalStyle(`${body} a`, { textUnderlineOffset: '0.15em' });
globalStyle(`${body} code`, {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.9em',
  paddingInline: '0.3em',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  overflowWrap: 'anywhere',
});

export const callout = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.primarySoft,
  borderInlineStart: `4px solid ${vars.color.primary}`,
});

/** A table that becomes stacked rows on a phone rather than scrolling sideways. */
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.md });

globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  verticalAlign: 'top',
  padding: vars.space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

globalStyle(`${table} thead th`, { color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold });

globalStyle(`${table} tbody th`, { fontWeight: vars.fontWeight.semibold });

globalStyle(`${table} thead`, {
  '@media': { 'screen and (max-width: 40em)': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' } },
});

globalStyle(`${table} tr, ${table} th, ${table} td`, {
  '@media': { 'screen and (max-width: 40em)': { display: 'block' } },
});

globalStyle(`${table} tbody tr`, {
  '@media': {
    'screen and (max-width: 40em)': {
      paddingBlock: vars.space.sm,
      borderBlockEnd: `1px solid ${vars.color.border}`,
    },
  },
});

globalStyle(`${table} tbody th, ${table} tbody td`, {
  '@media': { 'screen and (max-width: 40em)': { border: 0, paddingBlock: vars.space.xxs, paddingInline: 0 } },
});

/** On a phone each cell says which column it was, from its data-label. */
globalStyle(`${table} tbody td[data-label]::before`, {
  '@media': {
    'screen and (max-width: 40em)': {
      content: 'attr(data-label) ": "',
      color: vars.color.textMuted,
      fontWeight: vars.fontWeight.semibold,
    },
  },
});

export const contacts = style({
  display: 'grid',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

/** One address per row: what it is for, then the address (beside it once there is room). */
export const contactItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  columnGap: vars.space.md,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.md,
  selectors: { '& + &': { borderBlockStart: `1px solid ${vars.color.border}` } },
});

export const contactLabel = style({ fontWeight: vars.fontWeight.semibold });

export const contactEmail = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  overflowWrap: 'break-word',
});

export const related = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  paddingBlockStart: vars.space.lg,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const tocCard = style({
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const relatedLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.borderStrong}`,
  color: vars.color.text,
  textDecoration: 'none',
  fontWeight: vars.fontWeight.semibold,
  selectors: { '&:hover': { background: vars.color.primarySoft } },
});

export const leadStrong = style({ color: vars.color.text, fontWeight: vars.fontWeight.semibold });

export const tableCaption = style({
  captionSide: 'top',
  textAlign: 'start',
  paddingBlockEnd: vars.space.xs,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
});

/** Storage names stay whole in the table's first column once it has room. */
globalStyle(`${table} tbody th code`, {
  '@media': { 'screen and (min-width: 40em)': { whiteSpace: 'nowrap', overflowWrap: 'normal' } },
});
