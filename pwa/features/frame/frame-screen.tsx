import { useEffect, useRef, useState } from 'react';
import { frameMessages, type FramePhoto, type FramePhotos } from '../../../schema/frames.ts';
import { formatLongDate } from '../../lib/format-date.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { usePrefersReducedMotion } from '../../lib/use-prefers-reduced-motion.ts';
import { fetchPhotos, keptPhotos, listenForPhotos, openFrameLink } from './frame-feed.ts';
import { framePictures } from './frame-pictures.ts';
import * as styles from './frame-screen.css.ts';

/** How long each photo stays; `?every=` (milliseconds) shortens it for the bench (bench/frame.ts). */
const defaultEveryMs = 12_000;
const fadeMs = 1_500;

type Shown = { state: 'starting' } | { state: 'dark'; why: string } | { state: 'showing'; photos: FramePhotos };

const darkWords = {
  ...frameMessages,
  offline: 'Hearth can’t be reached to open this frame link. Check the connection, then open the link again.',
};

/**
 * A photo frame (decision 0061): full screen, the screen kept on, the family's photos cross-fading with who shared
 * each and when, new ones joining live, and nothing else. Always dark: it lives in a living room.
 */
export function FrameScreen() {
  const [shown, setShown] = useState<Shown>(() => {
    const kept = keptPhotos();
    return kept ? { state: 'showing', photos: kept } : { state: 'starting' };
  });
  useDocumentTitle(shown.state === 'showing' ? `${shown.photos.familyName} · Photo frame` : 'Photo frame');
  useKeepScreenOn();

  useEffect(() => {
    let stopped = false;
    let stopListening = () => {};
    const refresh = async () => {
      const photos = await fetchPhotos();
      if (stopped || photos === null) return;
      if (photos === 'dark') {
        stopListening();
        void framePictures.forgetAll();
        setShown({ state: 'dark', why: darkWords.turnedOff });
        return;
      }
      void framePictures.keepOnly(photos.photos.map((photo) => photo.id));
      setShown((before) =>
        before.state === 'showing' && sameList(before.photos, photos) ? before : { state: 'showing', photos },
      );
    };
    void (async () => {
      // The link's token is in the fragment (never sent in a request line); it is used once and forgotten here.
      const token = window.location.hash.slice(1);
      if (token) {
        window.history.replaceState(null, '', window.location.pathname + window.location.search);
        const opened = await openFrameLink(token);
        if (opened !== 'opened') {
          if (!stopped)
            setShown({ state: 'dark', why: opened === 'closed' ? darkWords.linkClosed : darkWords.offline });
          return;
        }
      }
      await refresh();
      if (!stopped) stopListening = listenForPhotos(() => void refresh());
    })();
    return () => {
      stopped = true;
      stopListening();
    };
  }, []);

  if (shown.state === 'showing') return <Slideshow photos={shown.photos} />;
  return (
    <div className={styles.frame} data-frame-state={shown.state}>
      {shown.state === 'dark' ? <p className={styles.darkWords}>{shown.why}</p> : null}
    </div>
  );
}

function sameList(a: FramePhotos, b: FramePhotos): boolean {
  return a.familyName === b.familyName && JSON.stringify(a.photos) === JSON.stringify(b.photos);
}

/**
 * Two <img> elements take turns: the next picture is decoded in the hidden one, then the two cross-fade. Each holds
 * one object URL, revoked when it takes the next picture, so thousands of transitions keep two pictures in memory.
 */
function Slideshow({ photos }: { photos: FramePhotos }) {
  const images = [useRef<HTMLImageElement>(null), useRef<HTMLImageElement>(null)];
  const [caption, setCaption] = useState<FramePhoto | null>(null);
  const [front, setFront] = useState(0);
  /** The photo each <img> holds, for tests and the bench to tell pictures apart. */
  const [held, setHeld] = useState<(string | null)[]>([null, null]);
  const reducedMotion = usePrefersReducedMotion();
  const asked = Number(new URLSearchParams(window.location.search).get('every'));
  const everyMs = asked > 0 ? Math.max(asked, 50) : defaultEveryMs;
  const fade = reducedMotion ? 0 : Math.min(fadeMs, everyMs / 2);
  const list = useRef(photos.photos);
  const seen = useRef(new Set<string>());
  const upNext = useRef<string[]>([]);

  // A photo never shown before (shared just now) goes to the front of the queue.
  useEffect(() => {
    list.current = photos.photos;
    const fresh = photos.photos.filter((photo) => !seen.current.has(photo.id)).map((photo) => photo.id);
    if (seen.current.size > 0) upNext.current = [...fresh, ...upNext.current];
    for (const id of fresh) seen.current.add(id);
  }, [photos]);

  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    let shownIndex = -1;
    let frontIndex = 1;
    const urls: (string | null)[] = [null, null];

    const nextPhoto = (): FramePhoto | undefined => {
      const current = list.current;
      while (upNext.current.length > 0) {
        const id = upNext.current.shift();
        const index = current.findIndex((photo) => photo.id === id);
        if (index !== -1) {
          shownIndex = index;
          return current[index];
        }
      }
      if (current.length === 0) return undefined;
      shownIndex = (shownIndex + 1) % current.length;
      return current[shownIndex];
    };

    const step = async () => {
      // A round of photos none of which can be shown (offline, none kept) waits for the next turn.
      for (let tries = 0; tries < list.current.length && !stopped; tries += 1) {
        const photo = nextPhoto();
        if (!photo) break;
        const url = await framePictures.objectUrl(photo.id);
        if (stopped) {
          if (url) URL.revokeObjectURL(url);
          return;
        }
        if (!url) continue;
        const back = 1 - frontIndex;
        const image = images[back]?.current;
        if (!image) return;
        if (urls[back]) URL.revokeObjectURL(urls[back]);
        urls[back] = url;
        image.src = url;
        await image.decode().catch(() => {});
        if (stopped) return;
        frontIndex = back;
        setFront(back);
        setHeld((before) => before.map((id, index) => (index === back ? photo.id : id)));
        setCaption(photo);
        break;
      }
      if (!stopped) timer = window.setTimeout(() => void step(), everyMs);
    };
    void step();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const url of urls) if (url) URL.revokeObjectURL(url);
    };
    // One loop for the page's life: the list is read through its ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [everyMs]);

  return (
    <div className={styles.frame} data-frame-state="showing" onClick={fillTheScreen}>
      {[0, 1].map((index) => (
        <img
          key={index}
          ref={images[index]}
          alt=""
          className={styles.picture}
          data-front={front === index}
          data-photo-id={held[index] ?? undefined}
          style={{ transitionDuration: `${fade}ms` }}
        />
      ))}
      {caption ? (
        <p className={styles.caption} data-testid="frame-caption">
          Shared by {caption.sharedBy} · {formatLongDate(caption.sharedAt)}
        </p>
      ) : (
        <p className={styles.darkWords}>
          {photos.photos.length === 0
            ? `Photos shared in ${photos.familyName} will show here.`
            : 'The photos will show here when Hearth can be reached.'}
        </p>
      )}
    </div>
  );
}

/** A tap fills the screen (browsers allow it only in answer to one). */
function fillTheScreen() {
  if (!document.fullscreenElement) void document.documentElement.requestFullscreen?.().catch(() => {});
}

/** Keeps the screen on while the frame is visible; the browser lets go when it is hidden, so it is asked again. */
function useKeepScreenOn() {
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    const take = async () => {
      if (document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
      lock = await navigator.wakeLock.request('screen').catch(() => null);
    };
    void take();
    document.addEventListener('visibilitychange', take);
    return () => {
      document.removeEventListener('visibilitychange', take);
      void lock?.release();
    };
  }, []);
}
