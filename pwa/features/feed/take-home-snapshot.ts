import { useEffect, useLayoutEffect } from 'react';
import { dismissHomeSnapshot, saveHomeSnapshot, writesSoFar } from '../../lib/home-snapshot.ts';
import { whenIdle } from '../../lib/when-idle.ts';

/** A screenful on a tall phone: the picture is shown only until the feed has drawn its own first posts. */
const postsKept = 5;

/** Beyond this many characters (a home full of long posts), no picture is kept: localStorage is small. */
const largestPicture = 200_000;

/** The feed's list of posts (post-list.tsx), whose posts after the first few the picture leaves out. */
const postList = '[data-home-snapshot-posts]';

/**
 * What the picture leaves out: pictures (a photo kept on the device shows from an address that lives only as long
 * as its page), open dialogs, menus and passing announcements, and anything scripted.
 */
const leftOut =
  'img, video, canvas, iframe, script, noscript, template, dialog, [role="dialog"], [role="alertdialog"], [aria-live], ' +
  // The sync status too: what it said then ("All sent") is no promise about what the device holds at the next start.
  '[role="status"]';

/** The app's page as it is drawn now, cut down to the picture the next start shows; null when there is none to take. */
function pictureOfPage(): string | null {
  const root = document.getElementById('root');
  if (!root) return null;
  const copy = root.cloneNode(true) as HTMLElement;
  copy.querySelectorAll(`${postList} > :nth-child(n+${postsKept + 1})`).forEach((post) => post.remove());
  copy.querySelectorAll(leftOut).forEach((element) => element.remove());
  // What someone was typing is not part of the picture.
  copy.querySelectorAll('textarea').forEach((field) => (field.textContent = ''));
  copy.querySelectorAll('input').forEach((field) => field.removeAttribute('value'));
  // The page keeps its ids (labels, landmarks, the skip link's target), but for an icon's own (its gradients), which
  // name the same as the page's; the Content-Security-Policy allows no style attributes in markup.
  copy.querySelectorAll('[id]:not(svg *)').forEach((element) => element.removeAttribute('id'));
  copy.querySelectorAll('[style]').forEach((element) => element.removeAttribute('style'));
  const html = copy.innerHTML;
  return html.length <= largestPicture ? html : null;
}

function takeHomeSnapshot(userId: string): void {
  // In development the styles are injected by the dev server, not linked: there is no picture to show them with.
  const build = import.meta.env.PROD ? document.querySelector('script[type="module"][src]')?.getAttribute('src') : null;
  const html = build && location.pathname === '/' ? pictureOfPage() : null;
  if (!build || !html) return;
  const styles = [...document.querySelectorAll('link[rel="stylesheet"]')].flatMap(
    (link) => link.getAttribute('href') ?? [],
  );
  saveHomeSnapshot({ userId, build, styles, html });
}

/**
 * For the feed: takes the picture away once the feed's own posts are drawn (before that frame is painted, so the
 * two never show at once), and takes a new one when the browser is idle after the posts change. Not when the page
 * is left: a reload would pay for it before its own start.
 */
export function useHomeSnapshot(userId: string, posts: readonly unknown[] | undefined): void {
  const drawn = posts !== undefined;
  useLayoutEffect(() => {
    if (drawn) dismissHomeSnapshot();
  }, [drawn]);

  useEffect(() => {
    if (!posts || posts.length === 0) return;
    // A write made since these posts were drawn is not in them yet: the picture waits for the posts that show it.
    const writes = writesSoFar();
    return whenIdle(() => {
      if (writesSoFar() === writes) takeHomeSnapshot(userId);
    }, 5000);
  }, [userId, posts]);
}
