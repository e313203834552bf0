import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const section = style({
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  // On a phone, inside the sync panel's own padding, the words need the room more than the frame does.
  '@media': { '(max-width: 30rem)': { padding: vars.space.md } },
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSoft,
});

export const title = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.lg,
});

export const list = style({ display: 'grid', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' });

export const item = style({
  display: 'grid',
  gap: vars.space.xs,
  paddingBlockStart: vars.space.md,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const what = style({ margin: 0, fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const reason = style({ margin: 0 });

/** The words of a write that cannot be sent any more, whole and selectable, to keep elsewhere. */
export const text = style({
  margin: 0,
  padding: vars.space.sm,
  borderInlineStart: `3px solid ${vars.color.border}`,
  background: vars.color.surface,
  borderRadius: vars.radius.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  userSelect: 'text',
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, marginBlockStart: vars.space.xs });
