import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const column = style({ display: 'grid', gap: vars.space.lg, alignContent: 'start', minWidth: 0 });

/** The feed, then the side panels: beside it once there is room for both, below it on phones and tablets. */
export const dashboard = style({
  display: 'grid',
  gap: vars.space.xl,
  '@media': {
    'screen and (min-width: 62em)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(16rem, 20rem)' },
  },
});

/** Two side by side where a tablet has room for them under the feed, one column beside it on a wide screen. */
export const panels = style([
  column,
  { '@media': { 'screen and (min-width: 40em) and (max-width: 61.99em)': { gridTemplateColumns: '1fr 1fr' } } },
]);

export const familyName = style({ margin: 0, fontSize: vars.fontSize.xl });
