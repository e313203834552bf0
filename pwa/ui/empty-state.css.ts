import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const emptyState = style({ display: 'grid', justifyItems: 'center', gap: vars.space.md, textAlign: 'center' });

export const title = style({ margin: 0, fontSize: vars.fontSize.xl });

export const text = style({ margin: 0, maxWidth: '32rem', color: vars.color.textMuted, fontSize: vars.fontSize.lg });
