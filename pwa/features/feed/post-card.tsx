import { memo, Suspense, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { familyToasts } from '../../../schema/family-messages.ts';
import { formatExactDateTime } from '../../lib/format-date.ts';
import { Card } from '../../ui/card.tsx';
import { PersonAvatar, personName } from '../family/person.tsx';
import { WaitingMarker } from '../device-session/waiting-marker.tsx';
import { CommentIcon, HeartIcon, PencilIcon, TrashIcon } from './feed-icons.tsx';
import { LinkifiedText } from './linkified-text.tsx';
import * as styles from './post-card.css.ts';
import { PostPhotos } from './post-photos.tsx';
import { ReadAloudButton } from '../read-aloud/read-aloud-button.tsx';
import { commentThread, confirmDialog, likersDialog, postEditor } from './post-card-parts.ts';
import { commentsToggleText, likeCountText, wasEdited } from './post-summary.ts';
import { RelativeTime } from './relative-time.tsx';
import { useDialogState } from '../../ui/use-dialog-state.ts';
import type { FeedPost } from './use-family-posts.ts';
import { useQuickWrite } from './use-quick-write.ts';

type PostCardProps = {
  post: FeedPost;
  /** The post has a change this device has not sent yet. */
  waiting: boolean;
  viewerId: string;
  /** Admins may delete anyone's post and comments in their family. */
  viewerIsAdmin: boolean;
  /** Once the post is deleted from the device, with the button that held focus. */
  onDeleted: () => void;
};

/**
 * One post: who, when, what, its likes and comments. The text is shown as text (never as HTML), with its line
 * breaks and links. Its author can edit and delete it, a family admin delete it. Drawn again only when its props
 * change (the feed keeps an unchanged post the same object, useFamilyPosts).
 */
export const PostCard = memo(function PostCard({ post, waiting, viewerId, viewerIsAdmin, onDeleted }: PostCardProps) {
  const quickWrite = useQuickWrite();
  const [editing, setEditing] = useState(false);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const likers = useDialogState();
  const confirmDelete = useDialogState();
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const isAuthor = post.authorId === viewerId;
  const liked = post.likerIds.includes(viewerId);
  const authorNameId = `post-${post.id}-author`;
  const threadId = `post-${post.id}-comments`;
  const text = (
    <p className={styles.content}>
      <LinkifiedText text={post.content} />
    </p>
  );

  async function deletePost() {
    const args = { postId: post.id, familyId: post.familyId };
    if (await quickWrite('post.delete', args, familyToasts.postDeleted)) onDeleted();
  }

  function stopEditing() {
    // Drawn at once, so the Edit button is enabled again to take focus back from the closed editor.
    flushSync(() => setEditing(false));
    editButtonRef.current?.focus();
  }

  return (
    <Card as="article" padding="md" className={styles.card} aria-labelledby={authorNameId}>
      <header className={styles.header}>
        <PersonAvatar user={post.author} size="md" />
        <div className={styles.byline}>
          <span id={authorNameId} className={styles.author}>
            {personName(post.author)}
          </span>
          <span className={styles.meta}>
            <RelativeTime at={post.createdAt} />
            {wasEdited(post) ? (
              <span title={`Edited ${formatExactDateTime(post.updatedAt)}`}>
                <span aria-hidden="true">· </span>Edited
              </span>
            ) : null}
          </span>
        </div>
        {waiting ? <WaitingMarker /> : null}
      </header>

      {editing ? (
        <Suspense fallback={text}>
          <postEditor.Component post={post} onDone={stopEditing} />
        </Suspense>
      ) : (
        text
      )}

      {post.photoIds.length > 0 ? <PostPhotos photoIds={post.photoIds} /> : null}

      <div className={styles.actions}>
        <div className={styles.actionGroup}>
          <button
            type="button"
            className={styles.action}
            aria-pressed={liked}
            onClick={() =>
              void quickWrite('reaction.set', {
                postId: post.id,
                familyId: post.familyId,
                reactionType: 'like',
                reacted: !liked,
              })
            }
          >
            <HeartIcon filled={liked} />
            Like
          </button>
          {post.likerIds.length > 0 ? (
            <button
              type="button"
              className={styles.action}
              aria-label={`${likeCountText(post.likerIds.length)}, see who liked this`}
              onPointerEnter={likersDialog.preload}
              onFocus={likersDialog.preload}
              onClick={() => likers.show()}
            >
              {likeCountText(post.likerIds.length)}
            </button>
          ) : null}
          <button
            type="button"
            className={styles.action}
            aria-expanded={commentsOpen}
            aria-controls={commentsOpen ? threadId : undefined}
            onPointerEnter={commentThread.preload}
            onFocus={commentThread.preload}
            onClick={() => setCommentsOpen((open) => !open)}
          >
            <CommentIcon />
            {commentsToggleText(post.commentCount)}
          </button>
          <ReadAloudButton text={post.content} className={styles.action} />
        </div>
        {isAuthor || viewerIsAdmin ? (
          <div className={styles.ownerActions}>
            {isAuthor ? (
              <button
                ref={editButtonRef}
                type="button"
                className={styles.action}
                aria-label="Edit post"
                disabled={editing}
                onPointerEnter={postEditor.preload}
                onFocus={postEditor.preload}
                onClick={() => setEditing(true)}
              >
                <PencilIcon />
                Edit
              </button>
            ) : null}
            <button
              type="button"
              className={styles.action}
              aria-label="Delete post"
              onPointerEnter={confirmDialog.preload}
              onFocus={confirmDialog.preload}
              onClick={() => confirmDelete.show()}
            >
              <TrashIcon />
              Delete
            </button>
          </div>
        ) : null}
      </div>

      {commentsOpen ? (
        <Suspense fallback={<p className={styles.loading}>Loading comments…</p>}>
          <commentThread.Component
            id={threadId}
            postId={post.id}
            familyId={post.familyId}
            viewerId={viewerId}
            viewerIsAdmin={viewerIsAdmin}
            focusField={post.commentCount === 0}
          />
        </Suspense>
      ) : null}

      {likers.state ? (
        <Suspense fallback={null}>
          <likersDialog.Component
            open={likers.state.open}
            onClose={likers.close}
            likerIds={post.likerIds}
            viewerId={viewerId}
          />
        </Suspense>
      ) : null}
      {confirmDelete.state ? (
        <Suspense fallback={null}>
          <confirmDialog.Component
            open={confirmDelete.state.open}
            onClose={confirmDelete.close}
            title="Delete this post?"
            description="It will be gone for everyone in the family, with its comments and likes."
            confirmLabel="Delete post"
            onConfirm={() => void deletePost()}
          />
        </Suspense>
      ) : null}
    </Card>
  );
});
