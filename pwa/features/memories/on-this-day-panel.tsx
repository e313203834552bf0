import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { publicName } from '../../../schema/public-name.ts';
import type { SyncedPhoto, SyncedPost } from '../../../schema/sync.ts';
import { formatLongDate } from '../../lib/format-date.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useHistoryDialog } from '../../ui/use-history-dialog.ts';
import { useSignedInUser } from '../account/auth-store.ts';
import { useHearthDb } from '../device-session/device-session-store.ts';
import { usePendingIds } from '../device-session/use-sync-state.ts';
import { DashboardPanel } from '../family/dashboard-panels/dashboard-panel.tsx';
import { useIsFamilyAdmin } from '../family/use-is-family-admin.ts';
import { readUsersById } from '../feed/read-users.ts';
import { useMinuteClock } from '../feed/minute-clock.ts';
import { PostCard } from '../feed/post-card.tsx';
import { readFeedPost } from '../feed/use-family-posts.ts';
import { PhotoTile } from '../photos/photo-tile.tsx';
import { memoriesOnThisDay, yearsAgoToday, type MemoryYear } from './memories-on-this-day.ts';
import * as styles from './on-this-day-panel.css.ts';

/** The viewer comes when someone opens a photo. */
const postPhotoViewer = preloadable(() =>
  import('../photos/post-photo-viewer.tsx').then(({ PostPhotoViewer }) => PostPhotoViewer),
);

/**
 * "On this day" on the home: what the family shared on today's date in earlier years, from the device (it works
 * offline). Nothing at all on a day with nothing to remember. A photo opens in the viewer, a post in full, where it
 * can be liked and commented on again.
 */
export function OnThisDayPanel({ familyId }: { familyId: string }) {
  const db = useHearthDb();
  // The date moves on at midnight on a home left open.
  const today = new Date(useMinuteClock()).toDateString();
  const memories = useLiveQuery(async () => {
    const years = await memoriesOnThisDay(db, familyId, new Date(today));
    const authors = await readUsersById(
      db,
      years.flatMap((year) => year.posts.map((post) => post.authorId)),
    );
    return { years, authors };
  }, [db, familyId, today]);
  const [opened, setOpened] = useState<{ postId: string; yearsAgo: number } | null>(null);
  const viewer = useHistoryDialog('photo');
  if (!memories || memories.years.length === 0) return null;
  const photos = memories.years.flatMap((year) => year.photos);

  return (
    <DashboardPanel title="On this day">
      <ol className={styles.years}>
        {memories.years.map((year) => (
          <MemoryYearItem
            key={year.yearsAgo}
            year={year}
            authorName={(post) => {
              const author = memories.authors.get(post.authorId);
              return author ? publicName(author) : 'Someone';
            }}
            onOpenPhoto={(photo) => viewer.show(photo.id)}
            onOpenPost={(post) => setOpened({ postId: post.id, yearsAgo: year.yearsAgo })}
          />
        ))}
      </ol>
      {opened ? <RememberedPost {...opened} onClose={() => setOpened(null)} /> : null}
      {/* Like a post's photos (feed/post-photos.tsx): this panel shows the viewer when it holds the photo asked for. */}
      {viewer.state && photos.some((photo) => photo.id === viewer.state?.subject) ? (
        <postPhotoViewer.Component
          photos={photos}
          photoId={viewer.state.subject}
          open={viewer.state.open}
          onClose={viewer.close}
          onMove={viewer.move}
        />
      ) : null}
    </DashboardPanel>
  );
}

function MemoryYearItem({
  year,
  authorName,
  onOpenPhoto,
  onOpenPost,
}: {
  year: MemoryYear;
  authorName: (post: SyncedPost) => string;
  onOpenPhoto: (photo: SyncedPhoto) => void;
  onOpenPost: (post: SyncedPost) => void;
}) {
  const day = year.posts[0]?.createdAt ?? year.photos[0]?.createdAt ?? '';
  return (
    <li className={styles.year}>
      <h3 className={styles.yearTitle}>
        {yearsAgoToday(year.yearsAgo)} <span className={styles.date}>{formatLongDate(day)}</span>
      </h3>
      {year.photos.length > 0 ? (
        <ul className={styles.photos} aria-label="Photos">
          {year.photos.map((photo) => (
            <li key={photo.id}>
              <PhotoTile
                photo={photo}
                onOpen={() => onOpenPhoto(photo)}
                onPointerEnter={() => void postPhotoViewer.preload()}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {year.posts.length > 0 ? (
        <ul className={styles.posts} aria-label="Posts">
          {year.posts.map((post) => (
            <li key={post.id}>
              <button type="button" className={styles.post} aria-haspopup="dialog" onClick={() => onOpenPost(post)}>
                <span className={styles.quote}>{post.content}</span>
                <span className={styles.byline}>{authorName(post)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A remembered post in full, as the feed shows it: its photos, likes and comments, live. */
function RememberedPost({ postId, yearsAgo, onClose }: { postId: string; yearsAgo: number; onClose: () => void }) {
  const db = useHearthDb();
  const user = useSignedInUser();
  const post = useLiveQuery(() => readFeedPost(db, postId), [db, postId]);
  const waiting = usePendingIds('posts');
  const viewerIsAdmin = useIsFamilyAdmin(post?.familyId ?? '');
  return (
    // The card under the title says the date; the title says how long ago, in short words that wrap on a phone.
    <Dialog open={post !== undefined} onClose={onClose} title={yearsAgoToday(yearsAgo)}>
      {post ? (
        <PostCard
          post={post}
          waiting={waiting?.has(post.id) ?? false}
          viewerId={user.id}
          viewerIsAdmin={viewerIsAdmin}
          onDeleted={onClose}
        />
      ) : null}
    </Dialog>
  );
}
