import { formatExactDateTime, formatRelativeTime } from '../../lib/format-date.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { ClockIcon } from '../../ui/icons.tsx';
import { initials, publicName } from '../account/display-name.ts';
import { LinkifiedText } from './linkified-text.tsx';
import * as styles from './post-card.css.ts';
import type { FeedPost } from './use-family-posts.ts';

/** One post: who, when, what. The text is shown as text (never as HTML), with its line breaks and links. */
export function PostCard({ post, waiting }: { post: FeedPost; waiting: boolean }) {
  const name = post.author ? publicName(post.author) : 'A family member';
  return (
    <article className={styles.card} aria-labelledby={`post-${post.id}-author`}>
      <header className={styles.header}>
        <Avatar
          imageUrl={post.author?.profileImageUrl ?? null}
          initials={post.author ? initials(post.author) : '?'}
          size="md"
        />
        <div className={styles.byline}>
          <span id={`post-${post.id}-author`} className={styles.author}>
            {name}
          </span>
          <time dateTime={post.createdAt} title={formatExactDateTime(post.createdAt)} className={styles.time}>
            {formatRelativeTime(post.createdAt)}
          </time>
        </div>
        {waiting ? (
          <span className={styles.waiting}>
            <ClockIcon size="1rem" />
            Waiting to send
          </span>
        ) : null}
      </header>
      <p className={styles.content}>
        <LinkifiedText text={post.content} />
      </p>
    </article>
  );
}
