import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  color: vars.color.primaryText,
  animation: `${spin} 900ms linear infinite`,
  flexShrink: 0,
});
