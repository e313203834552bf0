import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { dismissHomeSnapshot } from '../../lib/home-snapshot.ts';
import { useAuth } from '../account/auth-store.ts';
import { useTextSizeFromSettings } from '../settings/use-text-size-from-settings.ts';
import { DownloadPopupHost } from '../marketing/download-popup/download-popup-host.tsx';
import { SiteFooter } from '../marketing/footer/site-footer.tsx';
import * as styles from './app-shell.css.ts';
import { LoadingScreen } from './loading-screen.tsx';
import { PublicHeader } from './public-header.tsx';
import { bottomTabBar, signedInHeader } from './signed-in-chrome.ts';

/** The frame around every page: skip link, the right navigation for who is looking, and the main landmark. */
export function AppShell() {
  const auth = useAuth();
  const hideNavigation = useMatches({ select: (matches) => matches.some((match) => match.staticData.hideNavigation) });
  const publicPage = useMatches({ select: (matches) => matches.some((match) => match.staticData.publicPage) });
  const mainRef = useFocusMainOnNavigation();
  useHomeSnapshotOnlyAtHome();
  useTextSizeFromSettings(auth.isAuthenticated);

  if (auth.user) {
    // Idempotent: the first call starts the download, later ones return the same promise.
    void signedInHeader.preload();
    void bottomTabBar.preload();
  }
  if (auth.isLoading) return <LoadingScreen />;

  const showSignedInNavigation = !hideNavigation && auth.user !== null;
  // Visitors see the site footer on every page with navigation; signed-in people only on the public pages.
  const showFooter = !hideNavigation && (auth.user === null || publicPage);
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to main content
      </a>
      {hideNavigation ? null : auth.user ? (
        <Suspense fallback={<div className={styles.headerPlaceholder} />}>
          <signedInHeader.Component user={auth.user} />
        </Suspense>
      ) : (
        <PublicHeader />
      )}
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        className={[styles.main, showSignedInNavigation && !showFooter ? styles.mainAboveTabBar : undefined]
          .filter(Boolean)
          .join(' ')}
      >
        <Outlet />
      </main>
      {showFooter ? <SiteFooter aboveTabBar={showSignedInNavigation} /> : null}
      {showSignedInNavigation ? (
        <Suspense fallback={null}>
          <bottomTabBar.Component />
        </Suspense>
      ) : null}
      <DownloadPopupHost />
    </>
  );
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A public page (legal, news, a feature page) that keeps the site footer for a signed-in person too. */
    publicPage?: boolean;
  }
}

/** The picture of the home (lib/home-snapshot.ts) is for `/`: drawing any other page takes it away. */
function useHomeSnapshotOnlyAtHome() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useLayoutEffect(() => {
    if (pathname !== '/') dismissHomeSnapshot();
  }, [pathname]);
}

/**
 * After an in-app navigation, focus moves to the new page's main content, as a full page load would put it at the
 * top, so screen reader and keyboard users start reading the new page rather than the old link.
 */
function useFocusMainOnNavigation() {
  const mainRef = useRef<HTMLElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    const main = mainRef.current;
    // A page that already put the cursor somewhere useful (Change Password) keeps it.
    if (!main || (main.contains(document.activeElement) && document.activeElement !== main)) return;
    main.focus({ preventScroll: true });
  }, [pathname]);

  return mainRef;
}
