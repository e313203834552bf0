import { style } from '@vanilla-extract/css';

/** Compact in the top bar: long family names are cut short by the select itself, never widening the bar. */
export const compact = style({ width: '13rem', maxWidth: '28vw' });
