import { style } from '@vanilla-extract/css';
import { timings } from '../../../../schema/limits.ts';
import { vars } from '../../../ui/theme.css.ts';

export const carousel = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.md,
  '@media': { 'screen and (min-width: 48em)': { padding: vars.space.lg } },
});

/** Every slide sits in the same grid cell, so the box is as tall as the tallest slide and nothing jumps. */
export const slides = style({ display: 'grid' });

export const slide = style({
  gridArea: '1 / 1',
  display: 'grid',
  gap: vars.space.md,
  alignItems: 'center',
  opacity: 0,
  visibility: 'hidden',
  transition: `opacity ${timings.carouselTransition}ms ease, visibility 0s linear ${timings.carouselTransition}ms`,
  selectors: {
    '&[data-current="true"]': { opacity: 1, visibility: 'visible', transition: `opacity ${timings.carouselTransition}ms ease` },
  },
  '@media': {
    'screen and (min-width: 48em)': { gridTemplateColumns: 'minmax(0, 1.2fr) minmax(0, 1fr)', gap: vars.space.xl },
  },
});

export const image = style({ width: '100%', height: 'auto', borderRadius: vars.radius.lg });

export const text = style({
  display: 'grid',
  gap: vars.space.sm,
  paddingInline: vars.space.xs,
  '@media': { 'screen and (min-width: 48em)': { paddingInlineEnd: vars.space.lg } },
});

export const slideTitle = style({ fontSize: 'clamp(1.25rem, 1rem + 1vw, 1.75rem)' });

export const slideText = style({ color: vars.color.textMuted, fontSize: vars.fontSize.lg });

export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
});
