import { preloadable } from '../../../lib/preloadable.tsx';

/**
 * The landing page's code, fetched only for visitors: a signed-in person opening `/` gets their feed and never
 * needs it (7 KB of the signed-in home's JavaScript). The `/` route waits for it before drawing a visitor's
 * page, so the prerendered landing is replaced by the same page, never by a fallback.
 */
export const landingPage = preloadable(() => import('./landing-page.tsx').then(({ LandingPage }) => LandingPage));
