import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** Looks like the muted line of text it is; its tap area reaches past the text to a comfortable size. */
export const toggle = style({
  position: 'relative',
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, textDecoration: 'underline', textUnderlineOffset: '2px' },
    '&::after': { content: '""', position: 'absolute', insetBlock: '-0.75rem', insetInline: '-0.5rem' },
  },
});
