import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** The mark's tile follows the colour theme, so its gradient stops are styled rather than hard-coded. */
export const markTileStart = style({ stopColor: vars.color.primary });
export const markTileEnd = style({ stopColor: vars.color.accent });
