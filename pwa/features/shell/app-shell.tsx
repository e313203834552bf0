import { useEffect, useRef } from 'react';
import { Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { useAuth } from '../account/auth-store.ts';
import { useTextSizeFromSettings } from '../settings/use-text-size-from-settings.ts';
import * as styles from './app-shell.css.ts';
import { BottomTabBar } from './bottom-tab-bar.tsx';
import { LoadingScreen } from './loading-screen.tsx';
import { PublicHeader } from './public-header.tsx';
import { SignedInHeader } from './signed-in-header.tsx';

/** The frame around every page: skip link, the right navigation for who is looking, and the main landmark. */
export function AppShell() {
  const auth = useAuth();
  const hideNavigation = useMatches({ select: (matches) => matches.some((match) => match.staticData.hideNavigation) });
  const mainRef = useFocusMainOnNavigation();
  useTextSizeFromSettings(auth.isAuthenticated);

  if (auth.isLoading) return <LoadingScreen />;

  const showSignedInNavigation = !hideNavigation && auth.user !== null;
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to main content
      </a>
      {hideNavigation ? null : auth.user ? <SignedInHeader user={auth.user} /> : <PublicHeader />}
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        className={[styles.main, showSignedInNavigation ? styles.mainAboveTabBar : undefined].filter(Boolean).join(' ')}
      >
        <Outlet />
      </main>
      {showSignedInNavigation ? <BottomTabBar /> : null}
    </>
  );
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
