import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { currentSignedInUser, loadCurrentUser, useAuth } from '../features/account/auth-store.ts';
import { feedScreen } from '../features/feed/feed-screen-loader.ts';
import { landingPage } from '../features/marketing/landing/landing-page-loader.ts';
import { SignedInArea } from '../features/device-session/signed-in-area.tsx';

/**
 * `/` is two pages (product.md §2): the family feed for a signed-in person, the landing page for everyone else. Each
 * one's code is fetched only for those who see it: the landing's before a visitor's page is drawn (the loader), the
 * feed and the device database code under it while a signed-in person's database opens.
 */
export const Route = createFileRoute('/')({
  loader: async () => {
    // At build time (the prerendered landing) nobody is signed in and there is nobody to ask.
    if (!import.meta.env.SSR) await loadCurrentUser();
    if (!currentSignedInUser()) await landingPage.preload();
  },
  component: function Home() {
    const { isAuthenticated } = useAuth();
    useEffect(() => {
      // Signed out while on `/` (here or in another tab): the landing's code comes now.
      void (isAuthenticated ? feedScreen : landingPage).preload();
    }, [isAuthenticated]);
    return isAuthenticated ? (
      <SignedInArea>
        <feedScreen.Component />
      </SignedInArea>
    ) : (
      <landingPage.Component />
    );
  },
});
