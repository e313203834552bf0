import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/**
 * What an admin's link dialogs share (invitations, photo frames): the status note under the link, and the list of the
 * links or frames made so far, each a row with its own action.
 */

/** A calm note (offline, a refusal), not an alarm: nothing is lost and nothing else stops working. */
export const note = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  color: vars.color.text,
  lineHeight: vars.lineHeight.body,
  // Empty, it stays in place (a live region must exist before its news) but takes no room.
  selectors: { '&:empty': { padding: 0 } },
});

export const section = style({
  display: 'grid',
  gap: vars.space.sm,
  paddingBlockStart: vars.space.md,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const list = style({ display: 'grid', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });

export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  paddingBlock: vars.space.xs,
});
