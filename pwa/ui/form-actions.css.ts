import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** The buttons that end a dialog or a form: on the right, wrapping under one another on a narrow line. */
export const formActions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.sm });
