import { homeSnapshotStorageKey } from '../../schema/theme.ts';
import { deviceStorage } from './device-storage.ts';

/**
 * A picture of the home as this device last drew it: at the next start at `/`, the second inline script in
 * index.html lays it over the page, inert, before the app's code has run, so a person opening Hearth (offline on a
 * slow phone too) sees their family's latest posts at once instead of a blank page. The app takes it away as soon as
 * its own feed has its posts on screen, it draws another page, or nobody is signed in any more; the script itself
 * takes it away after a few seconds whatever happens. Taken by features/feed/take-home-snapshot.ts.
 *
 * Kept in localStorage, the one store a script can read before anything else has loaded. It holds what the
 * person's own device showed them, goes with the signed-in copy (sign-out, a session that ended), and is only shown
 * to the same person by the same build of the app (its class names and style sheets belong to that build).
 */
export type HomeSnapshot = {
  /** Whose home it is: the device's signed-in copy must be the same person. */
  userId: string;
  /** The page's module entry script, which names the build. */
  build: string;
  /** The style sheets the picture needs: the script waits for them before showing it. */
  styles: string[];
  html: string;
};

/** The element the inline script lays over the page. */
const pictureId = 'home-snapshot';

/** The app's own screen is there: the picture goes (if it was shown at all). */
export function dismissHomeSnapshot(): void {
  // Prerendering at build time has no document, and nothing to dismiss.
  if (typeof document !== 'undefined') document.getElementById(pictureId)?.remove();
}

/** Nobody is signed in here any more: the picture of their home leaves the device. */
export function forgetHomeSnapshot(): void {
  dismissHomeSnapshot();
  deviceStorage.remove(homeSnapshotStorageKey);
}

/** Writes made on this device while this page lived: a picture of a home drawn before one is out of date. */
let writesMade = 0;

export function writesSoFar(): number {
  return writesMade;
}

/**
 * A write is being made here: the picture from before it goes, so that a reload at once never paints a home missing
 * what the person just saw written (docs/decisions/0030-a-write-shown-is-a-write-kept.md). Called as the write starts
 * and once it is kept; the feed takes a new picture once it has drawn the write.
 */
export function homeChangedByWrite(): void {
  writesMade += 1;
  deviceStorage.remove(homeSnapshotStorageKey);
}

export function saveHomeSnapshot(snapshot: HomeSnapshot): void {
  deviceStorage.write(homeSnapshotStorageKey, JSON.stringify(snapshot));
}
