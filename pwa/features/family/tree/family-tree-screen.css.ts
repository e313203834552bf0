import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const section = style({ display: 'grid', gap: vars.space.md, alignContent: 'start' });

/**
 * Focused from code when a member is removed, in place of the Manage button that went with them: a ring around all
 * the groups would say nothing.
 */
export const membersSection = style([section, { outline: 'none' }]);

export const sectionTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.xl,
});

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 7.5rem), 1fr))',
  gap: vars.space.md,
  margin: 0,
});

export const stat = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceSunken,
  border: `1px solid ${vars.color.border}`,
});

export const statLabel = style({ gridRow: 2, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const statValue = style({
  gridRow: 1,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const statIcon = style({ display: 'inline-flex', color: vars.color.primaryText, fontSize: vars.fontSize.lg });

export const groups = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 22rem), 1fr))',
  gap: vars.space.lg,
  alignItems: 'start',
});

export const about = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))',
  gap: vars.space.lg,
});

export const aboutTitle = style([sectionTitle, { fontSize: vars.fontSize.lg }]);

export const aboutText = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });

export const tips = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  paddingInlineStart: vars.space.lg,
  color: vars.color.textMuted,
  lineHeight: vars.lineHeight.body,
});

export const titleIcon = style({ display: 'inline-flex', color: vars.color.primaryText });

export const loading = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  padding: vars.space.xxl,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
});
