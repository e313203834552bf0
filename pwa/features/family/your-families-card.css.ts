import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const card = style({ display: 'grid', gap: vars.space.md });

export const title = style({ margin: 0, fontSize: vars.fontSize.lg });

export const subtitle = style({ margin: 0, fontSize: vars.fontSize.md });

export const list = style({ display: 'grid', gap: vars.space.xs, margin: 0, paddingInlineStart: vars.space.lg });

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const another = style({ display: 'grid', gap: vars.space.sm });
