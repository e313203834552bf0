import { createContainer, globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** The recorder's panel: above the composer in the chat, in the photo viewer under the photo. */
export const panel = style({ display: 'grid', gap: vars.space.sm, paddingBlock: vars.space.xs });

export const actions = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: vars.space.xs });

export const hint = style({ margin: 0, color: vars.color.textMuted });

export const problemTitle = style({ margin: 0, fontWeight: vars.fontWeight.semibold });

export const problemText = style({ margin: 0, color: vars.color.textMuted, lineHeight: vars.lineHeight.body });

export const warning = style({ margin: 0, color: vars.color.primaryText, fontWeight: vars.fontWeight.medium });

/** The dot, the time and Stop on one line; the level meter under them, as wide as the panel. */
export const recordingRow = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  gridTemplateAreas: '"dot timer stop" "meter meter meter"',
  alignItems: 'center',
  columnGap: vars.space.sm,
  rowGap: vars.space.xs,
});

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.35 } });

export const recordingDot = style({
  width: '0.75rem',
  height: '0.75rem',
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  gridArea: 'dot',
  animation: `${pulse} 1.6s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const timer = style({
  gridArea: 'timer',
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: 'tabular-nums',
});

export const limit = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.regular });

/** How loud the microphone hears the person: a bar that fills as they speak. */
export const meter = style({
  gridArea: 'meter',
  height: '0.5rem',
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceSunken,
  overflow: 'hidden',
});

export const meterLevel = style({
  display: 'block',
  height: '100%',
  background: vars.color.primary,
  transformOrigin: 'left',
  transition: 'transform 80ms linear',
});

const roundButton = style({
  display: 'inline-grid',
  placeItems: 'center',
  flex: 'none',
  width: vars.size.touchTarget,
  height: vars.size.touchTarget,
  borderRadius: vars.radius.pill,
  border: 'none',
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&:disabled': { cursor: 'default', opacity: 0.5 },
  },
});

export const stopButton = style([
  roundButton,
  { gridArea: 'stop', background: vars.color.danger, color: vars.color.dangerForeground },
]);

const playerContainer = createContainer();

/** The player's frame: how wide it is decides how its parts sit. */
export const player = style({ containerName: playerContainer, containerType: 'inline-size', width: '100%' });

/**
 * Play, waveform, length and speed on one line; on the narrowest phones (or the largest text) the waveform goes under
 * the others, full width, so it stays long enough to drag.
 */
export const playerParts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto auto',
  gridTemplateAreas: '"play track length speed"',
  alignItems: 'center',
  gap: vars.space.sm,
  '@container': {
    [`${playerContainer} (max-width: 18rem)`]: {
      gridTemplateColumns: 'auto minmax(0, 1fr) auto',
      gridTemplateAreas: '"play length speed" "track track track"',
    },
  },
});

export const playButton = style([
  roundButton,
  {
    gridArea: 'play',
    width: '3rem',
    height: '3rem',
    background: vars.color.primary,
    color: vars.color.primaryForeground,
  },
]);

export const track = style({ gridArea: 'track', position: 'relative', minWidth: 0, height: '2.75rem' });

export const waveform = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  // Narrower gaps on a narrow track (a voice comment at 320 px with the largest text): its 64 bars never spill out.
  gap: 'clamp(0px, 0.6%, 2px)',
  overflow: 'hidden',
  pointerEvents: 'none',
});

export const bar = style({
  flex: 1,
  minWidth: '1px',
  borderRadius: vars.radius.pill,
  background: vars.color.borderStrong,
});

export const barPlayed = style([bar, { background: vars.color.primary }]);

/** The range over the waveform: its track invisible, its thumb a dot that can be dragged. */
export const seek = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  background: 'transparent',
  appearance: 'none',
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': {
      outline: `3px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
      borderRadius: vars.radius.sm,
    },
  },
});

const thumb = {
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: '999px',
  background: vars.color.primary,
  border: `2px solid ${vars.color.surface}`,
};
globalStyle(`${seek}::-webkit-slider-thumb`, { appearance: 'none', ...thumb });
globalStyle(`${seek}::-moz-range-thumb`, thumb);
globalStyle(`${seek}::-webkit-slider-runnable-track`, { background: 'transparent' });
globalStyle(`${seek}::-moz-range-track`, { background: 'transparent' });

export const length = style({ gridArea: 'length', fontVariantNumeric: 'tabular-nums', color: vars.color.textMuted });

export const speed = style([
  roundButton,
  {
    gridArea: 'speed',
    background: vars.color.surfaceSunken,
    color: vars.color.text,
    fontWeight: vars.fontWeight.semibold,
    fontSize: vars.fontSize.sm,
  },
]);

export const offline = style({ gridArea: 'speed', color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** A voice message or story whose sound has not reached this device yet. */
export const pending = style({ margin: 0, color: vars.color.textMuted, fontStyle: 'italic' });

/** The microphone beside the composer's photo button. */
export const micButton = style([
  roundButton,
  {
    background: 'transparent',
    color: vars.color.textMuted,
    selectors: { '&:hover': { background: vars.color.surfaceSunken, color: vars.color.text } },
  },
]);

/** A photo's stories: who told each, and its player. */
export const stories = style({ display: 'grid', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });

export const storyTeller = style({ margin: 0, fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm });
