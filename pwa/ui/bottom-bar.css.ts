import { createVar, globalStyle } from '@vanilla-extract/css';

/**
 * How much of the bottom of the screen a fixed bar covers (the phone tab bar), so what must stay visible there
 * (a toast, the last lines of a page) sits above it. Zero while no such bar is shown; the bar sets it.
 */
export const bottomBarSpace = createVar();

globalStyle(':root', { vars: { [bottomBarSpace]: '0px' } });
