/**
 * Below this width the signed-in navigation becomes a drawer plus a bottom tab bar; at and above it, a top bar with
 * its five places spelled out (a tablet held upright gets the tab bar). In em so it follows the text size: with
 * "Larger text" a small laptop gets the roomier phone layout.
 */
export const tabBarBreakpoint = '63.99em';
export const topBarBreakpoint = '64em';
