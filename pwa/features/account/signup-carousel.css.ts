import { style } from '@vanilla-extract/css';
import { timings } from '../../../schema/limits.ts';
import { vars } from '../../ui/theme.css.ts';

export const carousel = style({
  position: 'relative',
  display: 'grid',
  alignContent: 'center',
  gap: vars.space.md,
  width: '100%',
  maxWidth: '28rem',
  padding: vars.space.lg,
  borderRadius: vars.radius.xl,
  background: `linear-gradient(160deg, ${vars.color.primarySoft}, ${vars.color.surface})`,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
  '@media': {
    'screen and (min-width: 56em)': {
      maxWidth: 'none',
      padding: vars.space.xxl,
      gap: vars.space.xl,
    },
  },
});

export const mark = style({
  display: 'none',
  '@media': { 'screen and (min-width: 56em)': { display: 'block' } },
});

/** Every slide sits in the same grid cell, so the box is as tall as the longest caption and nothing jumps. */
export const slides = style({ display: 'grid' });

export const slide = style({
  gridArea: '1 / 1',
  display: 'grid',
  gap: vars.space.xs,
  alignContent: 'start',
  opacity: 0,
  transition: `opacity ${timings.carouselTransition}ms ease`,
  selectors: { '&[data-current="true"]': { opacity: 1 } },
});

export const slideTitle = style({
  fontSize: vars.fontSize.xl,
  '@media': { 'screen and (min-width: 56em)': { fontSize: vars.fontSize.xxl } },
});

export const slideText = style({
  color: vars.color.textMuted,
  '@media': { 'screen and (min-width: 56em)': { fontSize: vars.fontSize.lg } },
});

export const controls = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });
