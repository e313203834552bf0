import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const card = style({ display: 'grid', gap: vars.space.lg });

export const summary = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.lg,
});

export const summaryText = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0, flex: '1 1 14rem' });

export const name = style({ fontSize: vars.fontSize.xxl });

export const muted = style({ color: vars.color.textMuted });

export const dates = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.lg,
  rowGap: vars.space.xxs,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  marginBlockStart: vars.space.xs,
});

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
  gap: vars.space.md,
  margin: 0,
  paddingBlockStart: vars.space.lg,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const detail = style({ display: 'grid', gap: vars.space.xxs, minWidth: 0 });

export const detailLabel = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const detailValue = style({ margin: 0, fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });

export const form = style({ display: 'grid', gap: vars.space.lg });

export const sectionTitle = style({ fontSize: vars.fontSize.xl });

export const fieldGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
  gap: vars.space.md,
});

export const passwordSection = style({
  display: 'grid',
  gap: vars.space.md,
  margin: 0,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceSunken,
});

export const legend = style({
  float: 'left',
  width: '100%',
  padding: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** On phones Save and Cancel share the row evenly (or stack) rather than wrapping unevenly. */
globalStyle(`${actions} > *`, {
  '@media': { 'screen and (max-width: 40em)': { flex: '1 1 9rem' } },
});
