import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** The composer, the post editor and the comment form: a text area with its buttons under it, on the right. */
export const form = style({ display: 'grid', gap: vars.space.sm });

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.sm });
