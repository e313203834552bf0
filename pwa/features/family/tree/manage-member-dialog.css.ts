import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const relationship = style({ display: 'grid', gap: vars.space.sm });

export const start = style({ justifySelf: 'start' });

/** Each choice sits on its own line under a divider, so a danger button is never right next to Save. */
export const choice = style({
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'start',
  paddingBlockStart: vars.space.md,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const note = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });
