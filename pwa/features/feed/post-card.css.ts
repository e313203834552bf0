import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const card = style({ display: 'grid', gap: vars.space.md });

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });

export const byline = style({ display: 'grid', gap: vars.space.xxs, flex: 1, minWidth: '10rem' });

export const author = style({ fontWeight: vars.fontWeight.semibold });

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: vars.space.xs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/** Someone's words, a post's or a comment's: their own line breaks, long addresses wrapped rather than overflowing. */
export const content = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
});

globalStyle(`${content} a`, {
  color: vars.color.primaryText,
  textDecorationThickness: '1px',
  textUnderlineOffset: '2px',
});

/** Like, comments, edit and delete under the text; the buttons' own padding lines their words up with the text. */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  marginInline: `calc(-1 * ${vars.space.sm})`,
  paddingBlockStart: vars.space.xs,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const actionGroup = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs });

/** The author's and admin's buttons keep to the right, on a line of their own when the phone is narrow. */
export const ownerActions = style([actionGroup, { marginInlineStart: 'auto' }]);

/** A quiet button the size of a fingertip: words (and an icon) without a filled background until hovered. */
export const action = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.touchTarget,
  minWidth: vars.size.touchTarget,
  paddingBlock: 0,
  paddingInline: vars.space.sm,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  cursor: 'pointer',
  transition: 'background-color 150ms ease, color 150ms ease',
  WebkitTapHighlightColor: 'transparent',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.primarySoft },
    '&[aria-pressed="true"], &[aria-expanded="true"]': { color: vars.color.primaryText },
    '&:disabled': { cursor: 'default', opacity: 0.6 },
  },
});

export const loading = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** A post's photos: one large, two side by side, three or more in a grid of squares. */
export const photos = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  selectors: {
    '&[data-count="1"]': { gridTemplateColumns: 'minmax(0, 1fr)' },
    '&[data-count="3"]': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

/** One photo shows wider than it is tall. */
globalStyle(`${photos}[data-count="1"] > li > *`, { aspectRatio: '4 / 3' });
