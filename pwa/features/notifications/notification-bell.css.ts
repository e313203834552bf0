import { keyframes, style } from '@vanilla-extract/css';
import { iconButton } from '../../ui/icon-button.css.ts';
import { vars } from '../../ui/theme.css.ts';

export const bellMenu = style({ position: 'relative' });

export const bell = style([iconButton, { position: 'relative' }]);

export const count = style({
  position: 'absolute',
  insetBlockStart: '0.2rem',
  insetInlineEnd: '0.1rem',
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '1.2rem',
  height: '1.2rem',
  paddingInline: '0.25rem',
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: vars.color.dangerForeground,
  fontSize: '0.7rem',
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
});

const dropIn = keyframes({
  from: { opacity: 0, transform: 'translateY(-0.25rem)' },
  to: { opacity: 1, transform: 'none' },
});

/** Under the bell: beside it on a wide screen, the width of the screen on a phone. */
export const panel = style({
  position: 'fixed',
  insetInline: vars.space.sm,
  insetBlockStart: `calc(4rem + ${vars.space.xs})`,
  zIndex: 60,
  maxHeight: `calc(100dvh - 6rem)`,
  overflowY: 'auto',
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.lg,
  animation: `${dropIn} 150ms ease-out`,
  selectors: { '&[hidden]': { display: 'none' } },
  '@media': {
    'screen and (min-width: 40em)': {
      position: 'absolute',
      insetInline: 'auto 0',
      insetBlockStart: `calc(100% + ${vars.space.sm})`,
      width: '24rem',
      maxHeight: '70vh',
    },
  },
});
