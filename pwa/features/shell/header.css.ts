import { createContainer, globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';
import { visuallyHiddenRules } from '../../ui/visually-hidden.css.ts';
import { tabBarBreakpoint, topBarBreakpoint } from './breakpoints.ts';

/**
 * The header is a size container measured in em, so it follows the text size (a media query's em does not): when the
 * words would not fit, the status pill keeps its icon and the logo its mark, and both keep their names for screen
 * readers. Measured: a 390 px phone at standard size shows everything; with Larger text (18.6 em) the pill's words
 * would push the bell off the screen; 320 px with the largest text shows marks only.
 */
export const headerContainer = createContainer();
/** Narrower than this, labels beside icons in the bar (the status pill's) are read, not shown. */
export const headerLabelsHiddenBelow = `${headerContainer} (max-width: 23em)`;
const headerWordmarkHiddenBelow = `${headerContainer} (max-width: 17em)`;
/**
 * A top bar narrower than this shows the five places in full and, beside them, the status pill and the account
 * button by their icons (their words are still read): measured, 1,024 px at standard size fits with room to spare.
 * A media query, like the one that brings the top bar: the header's own width is the window's less a scroll bar.
 */
const compactTopBar = `screen and (min-width: ${topBarBreakpoint}) and (max-width: 88em)`;

export const header = style({
  containerName: headerContainer,
  containerType: 'inline-size',
  position: 'sticky',
  insetBlockStart: 0,
  zIndex: 50,
  // Opaque, as the tab bar: a screen scrolled under it (the chat opens at its newest line) showed its title through.
  background: vars.color.background,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  maxWidth: `calc(${vars.size.contentWidth} + 2 * ${vars.space.lg})`,
  minHeight: '4rem',
  marginInline: 'auto',
  paddingInline: vars.space.sm,
  '@media': { 'screen and (min-width: 40em)': { paddingInline: vars.space.lg, gap: vars.space.md } },
});

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '-0.01em',
  textDecoration: 'none',
});

// Offline is said in words on every screen (sync-indicator.tsx): where the bar has no room for the word, the logo
// makes it, as Home is a tab away.
globalStyle(`${bar}:has([data-sync-state="offline"]) > ${brand}`, {
  '@container': { [headerLabelsHiddenBelow]: { display: 'none' } },
});

// A name is never broken across lines: where it would not fit, only the mark shows.
export const brandWord = style({
  whiteSpace: 'nowrap',
  '@container': { [headerWordmarkHiddenBelow]: visuallyHiddenRules },
});

/** A label beside an icon in the bar, shown while there is room for it. */
export const barLabel = style({
  '@container': { [headerLabelsHiddenBelow]: visuallyHiddenRules },
  '@media': { [compactTopBar]: visuallyHiddenRules },
});

export const spacer = style({ flex: 1 });

export const desktopOnly = style({
  '@media': { [`screen and (max-width: ${tabBarBreakpoint})`]: { display: 'none' } },
});

export const mobileOnly = style({
  '@media': { [`screen and (min-width: ${topBarBreakpoint})`]: { display: 'none' } },
});

export const navRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const navList = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** A navigation link; the page you are on gets a soft tint and bolder text (aria-current="page"). */
export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.touchTarget,
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.pill,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: 'background-color 150ms ease, color 150ms ease',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.primarySoft },
    '&[aria-current="page"]': {
      color: vars.color.primaryText,
      background: vars.color.primarySoft,
      fontWeight: vars.fontWeight.semibold,
    },
  },
});

/** The public header's small-screen menu, opening under the bar. */
export const publicMenu = style({
  display: 'grid',
  gap: vars.space.xs,
  paddingInline: vars.space.md,
  paddingBlock: `${vars.space.sm} ${vars.space.md}`,
  borderBlockStart: `1px solid ${vars.color.border}`,
  selectors: { '&[hidden]': { display: 'none' } },
});

export const publicMenuList = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const publicMenuLink = style([navLink, { display: 'flex', width: '100%' }]);

export const publicMenuActions = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(9rem, 100%), 1fr))',
  gap: vars.space.sm,
  paddingBlockStart: vars.space.sm,
});

/** Download App takes a row of its own above Log In and Sign Up. */
export const publicMenuWide = style({ gridColumn: '1 / -1' });

/**
 * The public header has more to show than the signed-in one (five links, Download App, Log In, Sign Up), so it
 * keeps its menu button up to a roomy laptop width, with room to spare for the Larger text setting.
 */
const publicWideBreakpoint = '72em';
const publicNarrowBreakpoint = '71.99em';

export const publicDesktopOnly = style({
  '@media': { [`screen and (max-width: ${publicNarrowBreakpoint})`]: { display: 'none' } },
});

export const publicMobileOnly = style({
  '@media': { [`screen and (min-width: ${publicWideBreakpoint})`]: { display: 'none' } },
});

/** A tighter link for the row of public pages, so it fits beside the buttons. */
export const publicNavLink = style([navLink, { paddingInline: vars.space.sm, whiteSpace: 'nowrap' }]);

/** Download App and Sign Up keep their words on one line beside the links. */
export const publicBarButton = style({ whiteSpace: 'nowrap' });
