import { preloadable } from '../../lib/preloadable.tsx';

/*
 * The parts of a post card that only open on request, fetched then so the feed's first download stays small. Each
 * is asked for as soon as a pointer or the keyboard reaches the button that opens it, so it is usually there by the
 * click. The service worker keeps them all, so they open offline too.
 */
export const commentThread = preloadable(() =>
  import('./comment-thread.tsx').then(({ CommentThread }) => CommentThread),
);
export const postEditor = preloadable(() => import('./post-editor.tsx').then(({ PostEditor }) => PostEditor));
export const likersDialog = preloadable(() => import('./likers-dialog.tsx').then(({ LikersDialog }) => LikersDialog));
export const confirmDialog = preloadable(() =>
  import('../../ui/confirm-dialog.tsx').then(({ ConfirmDialog }) => ConfirmDialog),
);
