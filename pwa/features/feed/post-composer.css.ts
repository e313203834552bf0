import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const form = style({ display: 'grid', gap: vars.space.sm });

export const actions = style({ display: 'flex', justifyContent: 'flex-end' });
