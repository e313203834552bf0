import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** Where this browser cannot draw the picked file (an iPhone's HEIC outside Safari): its kind, on a calm ground. */
export const unreadable = style({
  display: 'grid',
  placeItems: 'center',
  background: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
});
