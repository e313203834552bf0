import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/* A family card with its own heading: the home's side panels, the tree's relationship groups. */

export const card = style({ display: 'grid', gap: vars.space.md, alignContent: 'start' });

/** The heading, with what goes beside it (a link, a count) on the right, or under it when the card is narrow. */
export const titleRow = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
});

export const title = style({ margin: 0, fontSize: vars.fontSize.lg });
