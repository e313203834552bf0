import { preloadable } from '../../lib/preloadable.tsx';

/**
 * The feed's code, fetched on demand: `/` is also what a signed-out visitor opens, and they must not download the
 * feed and the device database code under it. For a signed-in person it is fetched while their device database
 * opens, so the feed draws as soon as the data is there.
 */
export const feedScreen = preloadable(() => import('./feed-screen.tsx').then(({ FeedScreen }) => FeedScreen));
