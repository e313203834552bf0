import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';
import { cardList, iconTile } from '../ui/layout.css.ts';

export const note = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'start',
  background: `linear-gradient(135deg, ${vars.color.primarySoft}, ${vars.color.surface} 70%)`,
  '@media': {
    'screen and (min-width: 52em)': {
      gridTemplateColumns: 'auto minmax(0, 1fr) auto',
      alignItems: 'center',
      gap: vars.space.lg,
    },
  },
});

export const noteIcon = style({
  borderRadius: vars.radius.md,
  '@media': { 'screen and (max-width: 52em)': { width: '2.75rem', height: '2.75rem' } },
});

export const noteText = style({ display: 'grid', gap: vars.space.xs, maxWidth: '40rem' });

export const noteTitle = style({ fontSize: vars.fontSize.xl });

export const noteAction = style({
  paddingInline: vars.space.md,
  '@media': { 'screen and (max-width: 30em)': { width: '100%' } },
});

export const group = style({ display: 'grid', gap: vars.space.md });

export const groupTitle = style({ fontSize: vars.fontSize.xxl });

/** Mobile, tablet and desktop side by side on a wide screen, one after another on a phone. */
export const groups = style({
  display: 'grid',
  gap: vars.space.xl,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))',
  alignItems: 'start',
});

export const platformList = style({ display: 'grid', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' });

globalStyle(`${platformList} > li`, { display: 'grid', minWidth: 0 });

export const platformCard = style({ display: 'grid', gap: vars.space.md, gridTemplateRows: 'auto auto 1fr auto' });

// Where the name does not fit beside its icon (a 320 px phone with Largest text), it goes under it whole: a name
// breaks only when it is longer than the card is wide.
export const platformHeader = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });

export const platformIcon = style([iconTile, { width: '3.25rem', height: '3.25rem', flexShrink: 0 }]);

export const platformName = style({ fontSize: vars.fontSize.xl, overflowWrap: 'break-word' });

export const platformText = style({ color: vars.color.textMuted });

export const availability = style({
  display: 'grid',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  alignContent: 'start',
});

globalStyle(`${availability} > li`, { display: 'flex', alignItems: 'center', gap: vars.space.xs });

globalStyle(`${availability} > li::before`, {
  content: '""',
  flexShrink: 0,
  width: '0.5rem',
  height: '0.5rem',
  borderRadius: '50%',
  border: `2px solid ${vars.color.borderStrong}`,
});

export const availableNow = style({ color: vars.color.text, fontWeight: vars.fontWeight.semibold });

globalStyle(`${availability} > li${availableNow}::before`, {
  background: vars.color.success,
  borderColor: vars.color.success,
});

export const groupHeading = style({ display: 'grid', gap: vars.space.xxs });

export const steps = cardList;

export const step = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const stepTitle = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, fontSize: vars.fontSize.lg });

export const stepIcon = style({ color: vars.color.primaryText });

export const stepText = style({ color: vars.color.textMuted });

/** On the narrowest phones the words need the arrow's room to stay on one line. */
globalStyle(`${noteAction} > svg`, { '@media': { 'screen and (max-width: 24em)': { display: 'none' } } });
