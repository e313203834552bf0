import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const thread = style({
  display: 'grid',
  gap: vars.space.md,
  paddingBlockStart: vars.space.md,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const list = style({ display: 'grid', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' });

export const comment = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm });

/** A soft bubble, so each comment reads as one person's turn in the conversation. */
export const body = style({
  display: 'grid',
  gap: vars.space.xxs,
  flex: 1,
  minWidth: 0,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceSunken,
});

export const byline = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.sm,
  rowGap: vars.space.xxs,
});

/** Tucked under the words it deletes, lined up with them. */
export const deleteButton = style({ justifySelf: 'start', marginInlineStart: `calc(-1 * ${vars.space.sm})` });
