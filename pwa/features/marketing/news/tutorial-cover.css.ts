import { style } from '@vanilla-extract/css';
import { vars } from '../../../ui/theme.css.ts';

/** Soft tint behind, the theme's primary for the drawing: calm in light mode, glowing in dark. */
export const thumbnail = style({ display: 'block', width: '100%', height: 'auto', aspectRatio: '16 / 9' });

export const gradientStart = style({ stopColor: vars.color.primarySoft });

export const gradientEnd = style({ stopColor: `color-mix(in oklab, ${vars.color.accent} 30%, ${vars.color.primarySoft})` });

export const glow = style({ fill: vars.color.primary, fillOpacity: 0.12 });

/** The main drawing. */
export const ink = style({ fill: vars.color.primary });

/** Paper: photo prints, the calendar page, cut-outs in the drawing. */
export const paper = style({ fill: vars.color.surfaceRaised });

export const paperEdge = style({
  fill: vars.color.surfaceRaised,
  stroke: vars.color.primary,
  strokeOpacity: 0.35,
  strokeWidth: 1.5,
});

export const accent = style({ fill: vars.color.accent });

export const faint = style({ fill: vars.color.primary, fillOpacity: 0.25 });

export const dashed = style({
  fill: 'none',
  stroke: vars.color.primary,
  strokeOpacity: 0.55,
  strokeWidth: 2,
  strokeDasharray: '4 6',
});

export const thickLine = style({ fill: 'none', stroke: vars.color.primary, strokeWidth: 6, strokeLinecap: 'round' });

export const ring = style({ fill: 'none', stroke: vars.color.primary, strokeWidth: 2.5 });

export const tick = style({
  fill: 'none',
  stroke: vars.color.surfaceRaised,
  strokeWidth: 4,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
});
