import type { FramePhotos } from '../../../schema/frames.ts';

/**
 * What a frame shows and how it hears of more: the photo list (kept in localStorage for a start with no network) and
 * the frame's own live stream. The browser's HTTP cache sends the list's ETag, so a poke with no new photo costs a
 * 304.
 */
const storageKey = 'hearth-frame-photos';

export function keptPhotos(): FramePhotos | null {
  try {
    const kept = localStorage.getItem(storageKey);
    return kept ? (JSON.parse(kept) as FramePhotos) : null;
  } catch {
    return null;
  }
}

/** The list now: the server's, or what was kept when it cannot be reached; 'dark' when the frame was turned off. */
export async function fetchPhotos(): Promise<FramePhotos | 'dark' | null> {
  let response: Response;
  try {
    response = await fetch('/api/frame/photos', { credentials: 'include', headers: { Accept: 'application/json' } });
  } catch {
    return keptPhotos();
  }
  if (response.status === 401) {
    localStorage.removeItem(storageKey);
    return 'dark';
  }
  if (!response.ok) return keptPhotos();
  const photos = (await response.json()) as FramePhotos;
  localStorage.setItem(storageKey, JSON.stringify(photos));
  return photos;
}

/** Opens a frame link: the token goes in a body, and the browser is a frame from then on. */
export async function openFrameLink(token: string): Promise<'opened' | 'closed' | 'offline'> {
  try {
    const response = await fetch('/api/frame/open', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token }),
    });
    return response.ok ? 'opened' : 'closed';
  } catch {
    return 'offline';
  }
}

/** A frame-specific stream (not the person's live channel); calls `onPoke` on each poke and when it has to give up. */
export function listenForPhotos(onPoke: () => void): () => void {
  let source: EventSource | null = null;
  let retry: number | undefined;
  const open = () => {
    source = new EventSource('/api/frame/live');
    source.addEventListener('poke', onPoke);
    source.addEventListener('error', () => {
      // Closed for good (a 401, or the server said no): ask for the list (which tells a frame turned off), and try
      // again in a while. A dropped connection the browser retries by itself.
      if (source?.readyState !== EventSource.CLOSED) return;
      onPoke();
      retry = window.setTimeout(open, 30_000);
    });
  };
  open();
  // Pokes can be missed by a sleeping tablet: ask now and then anyway (a 304 when nothing came).
  const poll = window.setInterval(onPoke, 5 * 60_000);
  return () => {
    source?.close();
    window.clearTimeout(retry);
    window.clearInterval(poll);
  };
}
