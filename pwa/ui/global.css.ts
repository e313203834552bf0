import { globalStyle } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

/**
 * Keeps whatever gets keyboard focus clear of the sticky header and, on phones, the tab bar (WCAG 2.4.11).
 */
globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
  scrollPaddingBlockStart: '5rem',
  scrollPaddingBlockEnd: '5.5rem',
});

globalStyle('body', {
  margin: 0,
  minHeight: '100dvh',
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  WebkitFontSmoothing: 'antialiased',
  // A word longer than the line (a username, a link, a Welsh village) breaks rather than pushing the page sideways,
  // and lets the box holding it shrink too (break-word would not).
  overflowWrap: 'anywhere',
});

globalStyle('h1, h2, h3, h4', {
  margin: 0,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
  textWrap: 'balance',
});

globalStyle('p', { margin: 0, textWrap: 'pretty' });

globalStyle('img, svg', { display: 'block', maxWidth: '100%' });

/** Icons keep their size next to long text instead of being squeezed by flex layouts. */
globalStyle('svg', { flexShrink: 0 });

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

globalStyle('a', { color: vars.color.primaryText });

/** One focus ring for everything, shown for keyboard use only. */
globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
});

globalStyle('::selection', { background: vars.color.primarySoft, color: vars.color.text });

/** People who ask for less motion get none: no cross-fades, no sliding drawers. */
globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});

// A page prerendered at build time for visitors (scripts/prerender.ts) is hidden from a person signed in on this
// device (index.html marks them before the first paint); the app draws their own page instead.
globalStyle('html[data-signed-in] [data-prerendered]', { display: 'none' });
// The prerendered wrapper must not change the layout the app draws in its place.
globalStyle('[data-prerendered]', { display: 'contents' });
