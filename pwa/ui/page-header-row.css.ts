import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** A screen's header with its main buttons beside it (Invite, Upload Photos…), below it when there is no room. */
export const headerRow = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.md,
});

export const headerActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

/** On a phone the header's buttons take a full row each, easy to hit with a thumb. */
globalStyle(`${headerActions} > *`, {
  '@media': { 'screen and (max-width: 30em)': { flex: '1 1 100%' } },
});
