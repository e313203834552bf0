import { style } from '@vanilla-extract/css';
import { pulsing } from '../../ui/skeleton.css.ts';
import { vars } from '../../ui/theme.css.ts';

export const skeleton = style({ display: 'grid', gap: vars.space.md });

export const caption = style({ margin: 0, color: vars.color.textMuted });

export const post = style([
  pulsing,
  {
    display: 'grid',
    gap: vars.space.md,
    padding: vars.space.lg,
    borderRadius: vars.radius.lg,
    border: `1px solid ${vars.color.border}`,
    background: vars.color.surface,
  },
]);

export const byline = style({ display: 'flex', alignItems: 'center', gap: vars.space.md });

const block = style({ display: 'block', borderRadius: vars.radius.pill, background: vars.color.surfaceSunken });

export const avatar = style([block, { width: '2.5rem', height: '2.5rem' }]);
export const line = style([block, { height: '0.9rem', width: '100%' }]);
export const lineMedium = style([block, { height: '0.9rem', width: '70%' }]);
export const lineShort = style([block, { height: '0.9rem', width: '9rem' }]);
