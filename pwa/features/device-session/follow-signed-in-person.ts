import { currentSignedInUser, subscribeToSignedInUser } from '../account/auth-store.ts';

/**
 * Opens the signed-in person's device database and starts syncing it the moment who is signed in is known (the
 * device's copy at start, the server's answer, a sign-in), for as long as they are signed in; ends it when nobody
 * is. Outside React: drawing the first screen is no reason for a first pull to wait, and under load the pull left
 * half a second to a second and a half after the server had said who is signed in, once React had drawn the screen
 * and run its effects. The code (Dexie, the sync engine) is fetched only then, so public pages never download it.
 * Answers the unsubscriber.
 */
export function followSignedInPerson(): () => void {
  let followedId: string | undefined;
  const follow = () => {
    const user = currentSignedInUser();
    // A profile change gives a new user object for the same person: the session stays.
    if (user?.id === followedId) return;
    followedId = user?.id;
    // Starts and ends run in the order they were asked for (device-session.ts `inTurn`).
    void import('./device-session.ts').then(({ startDeviceSession, endDeviceSession }) =>
      user ? startDeviceSession(user) : endDeviceSession(),
    );
  };
  follow();
  return subscribeToSignedInUser(follow);
}
