import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const muted = style({ margin: 0, color: vars.color.textMuted });
