import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const copyProblem = style({ margin: 0, color: vars.color.text, fontWeight: vars.fontWeight.medium });
