import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const list = style({ display: 'grid', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const member = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const text = style({ display: 'grid', minWidth: 0 });

export const relationship = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
