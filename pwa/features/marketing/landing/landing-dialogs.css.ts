import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

export const text = style({ color: vars.color.textMuted });

export const copied = style({ color: vars.color.success, fontWeight: vars.fontWeight.medium, minHeight: '1.6em' });

export const copyProblem = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium, minHeight: '1.6em' });
