import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  padding: 0,
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  transition: 'background-color 150ms ease, color 150ms ease',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.primarySoft },
    '&[aria-expanded="true"]': { color: vars.color.text, background: vars.color.primarySoft },
  },
});
