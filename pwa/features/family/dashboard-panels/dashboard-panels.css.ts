import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const empty = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const photoGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const photo = style({
  display: 'block',
  width: '100%',
  aspectRatio: '1',
  objectFit: 'cover',
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceSunken,
});

export const eventList = style({ display: 'grid', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' });

export const event = style({
  display: 'grid',
  gap: vars.space.xxs,
  paddingInlineStart: vars.space.md,
  borderInlineStart: `3px solid ${vars.color.primaryText}`,
});

export const eventTitle = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });

export const privacy = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.md });

export const privacyText = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });
