import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';
import { cardList, iconTile } from '../ui/layout.css.ts';

export const topics = cardList;

globalStyle(`${topics} > li`, { display: 'grid' });

/** Icon beside the title, text and address under both. */
export const topicCard = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignContent: 'start',
  alignItems: 'center',
  columnGap: vars.space.md,
  rowGap: vars.space.sm,
});

export const topicIcon = iconTile;

export const topicTitle = style({ fontSize: vars.fontSize.lg });

export const topicText = style({ color: vars.color.textMuted, gridColumn: '1 / -1' });

export const topicEmail = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifySelf: 'start',
  gridColumn: '1 / -1',
  minHeight: vars.size.touchTarget,
  fontWeight: vars.fontWeight.semibold,
  overflowWrap: 'break-word',
  textUnderlineOffset: '0.15em',
});

/** The form takes the room it needs; the Suggestion Box sits beside it on wide screens and after it on phones. */
export const columns = style({
  display: 'grid',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { 'screen and (min-width: 60em)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' } },
});

export const formCard = style({ display: 'grid', gap: vars.space.lg });

export const suggestionCard = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'start',
  background: `linear-gradient(160deg, ${vars.color.primarySoft}, ${vars.color.surface} 70%)`,
});

export const aside = style({ display: 'grid', gap: vars.space.lg });

export const quickLinks = style({ display: 'grid', margin: 0, padding: 0, listStyle: 'none' });

export const quickLink = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  paddingBlock: vars.space.xs,
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.primaryText, textDecoration: 'underline', textUnderlineOffset: '0.15em' },
  },
});

globalStyle(`${quickLinks} > li + li`, { borderBlockStart: `1px solid ${vars.color.border}` });

export const quickLinkIcon = style({ color: vars.color.primaryText });

export const cardHeading = style({ display: 'grid', gap: vars.space.xxs });

export const sectionTitle = style({ fontSize: vars.fontSize.xl });

export const sectionLead = style({ color: vars.color.textMuted });

export const form = style({ display: 'grid', gap: vars.space.md });

/** Two fields side by side once there is room for both at a comfortable width. */
export const formRow = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 15rem), 1fr))',
});

export const formFooter = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const replyNote = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, flex: '1 1 14rem' });

export const submit = style({
  '@media': { 'screen and (max-width: 30em)': { width: '100%' } },
});

export const dialogForm = style({ display: 'grid', gap: vars.space.md });

export const failure = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
  color: vars.color.text,
});

export const failureIcon = style({ color: vars.color.danger, marginBlockStart: '0.15em' });
