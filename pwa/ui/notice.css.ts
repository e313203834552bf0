import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const wrap = style({
  display: 'grid',
  placeItems: 'center',
  minHeight: 'min(70dvh, 40rem)',
  padding: `${vars.space.xl} ${vars.space.md}`,
});

export const card = style({
  width: '100%',
  maxWidth: '30rem',
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
});

export const badge = style({
  display: 'grid',
  placeItems: 'center',
  width: '4.5rem',
  height: '4.5rem',
  borderRadius: '50%',
  background: vars.color.primarySoft,
  color: vars.color.primaryText,
  marginBlockEnd: vars.space.xs,
});

export const title = style({ fontSize: vars.fontSize.xxl });

export const text = style({ color: vars.color.textMuted, fontSize: vars.fontSize.lg, maxWidth: '26rem' });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
  marginBlockStart: vars.space.sm,
  width: '100%',
});

/** Side by side on wider screens; on a phone each is a full-width row, easy to hit with a thumb. */
globalStyle(`${actions} > *`, {
  '@media': { 'screen and (max-width: 30em)': { flex: '1 1 100%' } },
});
