import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuth } from '../features/account/auth-store.ts';
import { feedScreen } from '../features/feed/feed-screen-loader.ts';
import { LandingPage } from '../features/marketing/landing/landing-page.tsx';
import { SignedInArea } from '../features/device-session/signed-in-area.tsx';

/**
 * `/` is two pages (spec §2): the family feed for a signed-in person, the landing page for everyone else. The
 * landing is part of this route's code so it draws at once; the feed and the device database code under it are
 * fetched only for signed-in people, while their database opens.
 */
export const Route = createFileRoute('/')({
  component: function Home() {
    const { isAuthenticated } = useAuth();
    useEffect(() => {
      if (isAuthenticated) void feedScreen.preload();
    }, [isAuthenticated]);
    return isAuthenticated ? (
      <SignedInArea>
        <feedScreen.Component />
      </SignedInArea>
    ) : (
      <LandingPage />
    );
  },
});
