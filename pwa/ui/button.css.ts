import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  minWidth: vars.size.touchTarget,
  paddingBlock: vars.space.xs,
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.pill,
  border: '1px solid transparent',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  textAlign: 'center',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 150ms ease, border-color 150ms ease, box-shadow 150ms ease, transform 100ms ease',
  WebkitTapHighlightColor: 'transparent',
  selectors: {
    '&:active:not(:disabled)': { transform: 'translateY(1px)' },
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const buttonVariants = styleVariants({
  primary: [
    base,
    {
      background: vars.color.primary,
      color: vars.color.primaryForeground,
      boxShadow: vars.shadow.sm,
      selectors: {
        '&:hover:not(:disabled)': {
          background: `color-mix(in oklab, ${vars.color.primary} 88%, ${vars.color.primaryForeground})`,
        },
      },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.surfaceRaised,
      color: vars.color.text,
      borderColor: vars.color.borderStrong,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.primarySoft } },
    },
  ],
  ghost: [
    base,
    {
      background: 'transparent',
      color: vars.color.text,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.primarySoft } },
    },
  ],
  danger: [
    base,
    {
      background: vars.color.danger,
      color: vars.color.dangerForeground,
      selectors: {
        '&:hover:not(:disabled)': {
          background: `color-mix(in oklab, ${vars.color.danger} 88%, ${vars.color.dangerForeground})`,
        },
      },
    },
  ],
});

export const fullWidth = style({ width: '100%' });
