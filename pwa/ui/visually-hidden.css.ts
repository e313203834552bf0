import { style } from '@vanilla-extract/css';

/** The rules of `visuallyHidden`, for a style that hides its text only sometimes (in a container query). */
export const visuallyHiddenRules = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Present for screen readers, invisible on screen. */
export const visuallyHidden = style(visuallyHiddenRules);
