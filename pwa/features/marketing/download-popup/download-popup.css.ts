import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

/** Two parts under hairlines rather than boxes in the box, so a phone's narrow dialog keeps its width for text. */
export const part = style({
  display: 'grid',
  gap: vars.space.sm,
  paddingBlockStart: vars.space.md,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const partHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.xs,
});

export const partTitle = style({ fontSize: vars.fontSize.lg });

export const text = style({ color: vars.color.textMuted });

export const steps = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  paddingInlineStart: vars.space.lg,
});

export const inlineIcon = style({
  display: 'inline-block',
  verticalAlign: '-0.2em',
  marginInline: '0.15em',
  color: vars.color.primaryText,
});

export const done = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  fontWeight: vars.fontWeight.medium,
});

export const doneIcon = style({ color: vars.color.success, marginBlockStart: '0.15em' });
