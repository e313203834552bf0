import { useState } from 'react';
import { usePendingIds } from '../sync/use-sync-state.ts';
import { Button } from '../../ui/button.tsx';
import { PostCard } from './post-card.tsx';
import * as styles from './post-list.css.ts';
import { useFamilyPosts } from './use-family-posts.ts';

const pageSize = 20;

/** The family's posts, newest first, from the device; older ones on request. */
export function PostList({ familyId }: { familyId: string }) {
  const [limit, setLimit] = useState(pageSize);
  const { posts, hasMore } = useFamilyPosts(familyId, limit);
  const waiting = usePendingIds('posts');
  if (!posts) return null;
  if (posts.length === 0) {
    return (
      <p className={styles.empty}>
        No posts yet. Share the first one: a photo from the weekend, a recipe, or simply how you are.
      </p>
    );
  }
  return (
    <>
      <ol className={styles.list} aria-label="Family updates">
        {posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} waiting={waiting?.has(post.id) ?? false} />
          </li>
        ))}
      </ol>
      {hasMore ? (
        <div className={styles.more}>
          <Button variant="secondary" onClick={() => setLimit((current) => current + pageSize)}>
            Show older posts
          </Button>
        </div>
      ) : null}
    </>
  );
}
