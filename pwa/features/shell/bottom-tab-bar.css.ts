import { createContainer, globalStyle, style } from '@vanilla-extract/css';
import { bottomBarSpace } from '../../ui/bottom-bar.css.ts';
import { vars } from '../../ui/theme.css.ts';
import { visuallyHiddenRules } from '../../ui/visually-hidden.css.ts';
import { tabBarBreakpoint, topBarBreakpoint } from './breakpoints.ts';

/** Measured in em, so it follows the text size: see `tab`. */
const tabBarContainer = createContainer();

export const tabBar = style({
  containerName: tabBarContainer,
  containerType: 'inline-size',
  position: 'fixed',
  insetInline: 0,
  insetBlockEnd: 0,
  zIndex: 40,
  paddingBlockEnd: 'env(safe-area-inset-bottom)',
  // Opaque: with large text, the page's words showing through competed with the labels.
  background: vars.color.surface,
  borderBlockStart: `1px solid ${vars.color.border}`,
  '@media': { [`screen and (min-width: ${topBarBreakpoint})`]: { display: 'none' } },
});

// While the bar is on screen, toasts and the page's last lines keep clear of it.
globalStyle(`:root:has(${tabBar})`, {
  '@media': {
    [`screen and (max-width: ${tabBarBreakpoint})`]: {
      vars: { [bottomBarSpace]: 'calc(4.5rem + env(safe-area-inset-bottom))' },
    },
  },
});

export const list = style({
  display: 'grid',
  // Equal shares of the width, however large the text: a tab may not push the others off the screen.
  gridAutoColumns: 'minmax(0, 1fr)',
  gridAutoFlow: 'column',
  maxWidth: '36rem',
  margin: '0 auto',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  listStyle: 'none',
});

export const tab = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xxs,
  minHeight: '3.5rem',
  paddingInline: vars.space.xs,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  lineHeight: vars.lineHeight.tight,
  textAlign: 'center',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  '@container': {
    [`${tabBarContainer} (max-width: 23em)`]: { paddingInline: 0, fontSize: '0.8rem' },
  },
  selectors: {
    '&[aria-current="page"]': { color: vars.color.primaryText, fontWeight: vars.fontWeight.semibold },
  },
});

/** The current tab's icon sits in a soft pill, so the highlight does not rely on colour alone. */
export const tabIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 'min(3.5rem, 100%)',
  height: '2rem',
  borderRadius: vars.radius.pill,
  transition: 'background-color 150ms ease',
  selectors: { [`${tab}[aria-current="page"] &`]: { background: vars.color.primarySoft } },
});

/**
 * What each tab shows follows the room there is, measured in em so the text size counts: the full labels where they
 * fit; short ones ("Tree") when the text is large for the screen (a 390 px phone with Larger text is 18.6 em wide);
 * the icons alone, still read by their labels, when even those would not fit whole (320 px with the largest text is
 * 12.8 em). A word is never broken or squeezed into its neighbour.
 */
export const label = style({
  '@container': { [`${tabBarContainer} (max-width: 23em)`]: visuallyHiddenRules },
});

export const shortLabel = style({
  display: 'none',
  '@container': {
    [`${tabBarContainer} (max-width: 23em)`]: { display: 'inline' },
    [`${tabBarContainer} (max-width: 14em)`]: { display: 'none' },
  },
});
