import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { useSignedInUser } from '../account/auth-store.ts';
import { useIsFamilyAdmin } from '../family/use-is-family-admin.ts';
import { useFirstPullDone, usePendingIds } from '../device-session/use-sync-state.ts';
import { FeedSkeleton } from './feed-skeleton.tsx';
import { PostCard } from './post-card.tsx';
import * as styles from './post-list.css.ts';
import { useHomeSnapshot } from './take-home-snapshot.ts';
import { useFamilyPosts } from './use-family-posts.ts';

const pageSize = 20;

/**
 * The posts drawn first, a screenful on a tall phone; the rest of the first page follows in the next frame. Drawing
 * twenty cards before any took 138 ms of rendering and 187 ms of layout on a phone slowed 4× opening offline.
 */
const firstScreenful = 5;

/**
 * The family's posts, newest first, from the device. Older ones load by themselves as the reader nears the end (and
 * with the "Show older posts" button, for keyboards and for browsers that cannot tell).
 */
export function PostList({ familyId }: { familyId: string }) {
  const user = useSignedInUser();
  const [limit, setLimit] = useState(firstScreenful);
  const { posts, hasMore } = useFamilyPosts(familyId, limit);
  const waiting = usePendingIds('posts');
  const firstPullDone = useFirstPullDone();
  const viewerIsAdmin = useIsFamilyAdmin(familyId);
  const listRef = useRef<HTMLOListElement>(null);
  // The post and its buttons are gone: the reader carries on from the list it was in. One function for every card,
  // so a card's props change only when its post does.
  const focusList = useCallback(() => listRef.current?.focus(), []);
  const endRef = useRef<HTMLDivElement>(null);
  const shown = posts?.length ?? 0;
  useHomeSnapshot(user.id, posts);

  useEffect(() => {
    if (!posts || limit >= pageSize) return;
    // After the first screenful is on screen: a frame, then a task.
    let rest: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      rest = setTimeout(() => setLimit((current) => Math.max(current, pageSize)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(rest);
    };
  }, [posts, limit]);

  useEffect(() => {
    const end = endRef.current;
    if (!end || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        // Only once the page asked for has arrived: the end stays in view while it loads.
        setLimit((current) => (shown >= current ? current + pageSize : current));
      },
      // A screen or so ahead, so the next posts are there before the reader reaches them.
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasMore, shown]);

  if (!posts) return null;
  if (posts.length === 0) {
    // Until the first sync is done, no posts may only mean "not here yet".
    if (firstPullDone === false) return <FeedSkeleton />;
    if (firstPullDone === undefined) return null;
    return (
      <p className={styles.empty}>
        No posts yet. Share the first one: a photo from the weekend, a recipe, or simply how you are.
      </p>
    );
  }
  return (
    <>
      <ol ref={listRef} tabIndex={-1} className={styles.list} aria-label="Family updates" data-home-snapshot-posts="">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard
              post={post}
              waiting={waiting?.has(post.id) ?? false}
              viewerId={user.id}
              viewerIsAdmin={viewerIsAdmin}
              onDeleted={focusList}
            />
          </li>
        ))}
      </ol>
      {hasMore ? (
        <div ref={endRef} className={styles.more}>
          <Button variant="secondary" onClick={() => setLimit((current) => current + pageSize)}>
            Show older posts
          </Button>
        </div>
      ) : null}
    </>
  );
}
