import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const badge = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '1.25rem',
  height: '1.25rem',
  paddingInline: '0.3rem',
  marginInlineStart: vars.space.xxs,
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: vars.color.dangerForeground,
  fontSize: '0.75rem',
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  fontVariantNumeric: 'tabular-nums',
});

/** On the phone tab bar: on the shoulder of the icon above the label (the tab is its positioning box). */
export const corner = style([
  badge,
  { position: 'absolute', insetBlockStart: '0.2rem', insetInlineStart: 'calc(50% + 0.4rem)', marginInlineStart: 0 },
]);
