import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

/** The closing banner and the way home, with the same breathing room as a marketing section. */
export const closing = style({
  display: 'grid',
  gap: vars.space.lg,
  paddingBlock: `${vars.space.xxl} ${vars.space.xl}`,
  '@media': { 'screen and (min-width: 48em)': { paddingBlock: `${vars.space.xxxl} ${vars.space.xxl}` } },
});

export const backHome = style({ display: 'flex', justifyContent: 'center' });
