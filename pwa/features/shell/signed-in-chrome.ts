import { preloadable } from '../../lib/preloadable.tsx';

/**
 * The signed-in header (with its drawer, account menu and sync indicator) and the phone tab bar, fetched only for
 * someone signed in: visitors to the public pages never download them. Asked for as soon as the app knows who is
 * signed in, which on a returning device is before the first render.
 */
export const signedInHeader = preloadable(() =>
  import('./signed-in-header.tsx').then(({ SignedInHeader }) => SignedInHeader),
);
export const bottomTabBar = preloadable(() => import('./bottom-tab-bar.tsx').then(({ BottomTabBar }) => BottomTabBar));
