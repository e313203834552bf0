/**
 * Below this width the signed-in navigation becomes a drawer plus a bottom tab bar; at and above it, a top bar.
 * In em so it follows the text size: with "Larger text" a tablet gets the roomier phone layout.
 */
export const tabBarBreakpoint = '47.99em';
export const topBarBreakpoint = '48em';
