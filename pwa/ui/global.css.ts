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
  // A word breaks only when it is longer than the whole line. Unlike `anywhere`, this keeps a box's narrowest size at
  // its longest word, so no layout squeezes a button or a tab into "Photo|s".
  overflowWrap: 'break-word',
});

/**
 * Where the long unbroken strings are (a username in a greeting, a family name, an email address, a link, a Welsh
 * village), the text may break anywhere, so the column holding it narrows with the screen instead of pushing the page
 * sideways. Controls inside keep their words whole.
 */
globalStyle('h1, h2, h3, h4, p, li, dt, dd, blockquote, figcaption, td, th', { overflowWrap: 'anywhere' });
globalStyle('button, label, summary, [role="tab"], nav a', { overflowWrap: 'break-word' });

/**
 * The picture of the home as the device last drew it (lib/home-snapshot.ts), over the screen from before the app runs
 * until the app's own home is drawn beneath it. The size of the screen, so the header and the tab bar in it sit
 * where the app's will; it takes taps (its content is inert) so none lands on the half-drawn app beneath.
 */
globalStyle('#home-snapshot', {
  position: 'fixed',
  inset: 0,
  overflow: 'hidden',
  // Over the app's header, tab bar and toasts beneath it; under the skip link.
  zIndex: 150,
  background: vars.color.background,
  // Laid out and painted once: what the app does beneath it never makes it lay out again.
  contain: 'strict',
});

/** Of the picture's posts and panels, only those on screen are laid out and painted. */
globalStyle('#home-snapshot :is([data-home-snapshot-posts] > li, aside)', { contentVisibility: 'auto' });

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
