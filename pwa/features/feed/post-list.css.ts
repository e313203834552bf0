import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** Focused only from code, after a post is deleted: a ring around the whole feed would say nothing. */
export const list = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  outline: 'none',
});

export const empty = style({
  margin: 0,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  border: `1px dashed ${vars.color.borderStrong}`,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const more = style({ display: 'flex', justifyContent: 'center' });
