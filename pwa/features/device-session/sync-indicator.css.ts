import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';
import { headerLabelsHiddenBelow } from '../shell/header.css.ts';

/** The live region around the pill: what it says is read out when it changes. */
export const holder = style({ display: 'inline-flex' });

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  // A touch target of 44 px however small the pill looks.
  minHeight: '2.75rem',
  font: 'inherit',
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
});

export const indicator = styleVariants({
  offline: [
    base,
    {
      background: vars.color.surfaceSunken,
      color: vars.color.text,
      // Its word shows however narrow the bar (sync-indicator.tsx): there it takes less room around it.
      '@container': { [headerLabelsHiddenBelow]: { paddingInline: vars.space.xs } },
    },
  ],
  'not-sent': [base, { background: vars.color.dangerSoft, color: vars.color.text, borderColor: vars.color.danger }],
  'update-needed': [base, { background: vars.color.primarySoft, color: vars.color.text, borderColor: vars.color.primary }],
  // Calm, not alarming: nothing is lost and Hearth keeps trying, but it is not the quiet look of "all sent" either.
  retrying: [base, { background: vars.color.surfaceSunken, color: vars.color.text, borderStyle: 'dashed' }],
  sending: [base, { background: vars.color.primarySoft, color: vars.color.text }],
  'all-sent': [base, { background: 'transparent', color: vars.color.textMuted }],
});

const turn = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinning = style({
  animation: `${turn} 1.4s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
