import { style } from '@vanilla-extract/css';
import { buttonVariants } from '../../ui/button.css.ts';
import { vars } from '../../ui/theme.css.ts';

/** The composer, the post editor and the comment form: a text area with its buttons under it, on the right. */
export const form = style({ display: 'grid', gap: vars.space.sm });

export const problem = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });

/** Add photos: a quiet button that is really the label of a hidden file input, so the browser's picker opens. */
export const addPhotos = style([
  buttonVariants.ghost,
  {
    position: 'relative',
    marginInlineEnd: 'auto',
    selectors: { '&:focus-within': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
  },
]);

export const fileInput = style({ position: 'absolute', inset: 0, opacity: 0, cursor: 'pointer' });
