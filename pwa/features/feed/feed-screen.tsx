import { Suspense, useLayoutEffect } from 'react';
import { dismissHomeSnapshot } from '../../lib/home-snapshot.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFirstPullDone } from '../device-session/use-sync-state.ts';
import { Page, PageHeader } from '../../ui/page.tsx';
import { useSignedInUser } from '../account/auth-store.ts';
import { greetingName } from '../account/display-name.ts';
import { CreateFamilyCard } from '../family/create-family-card.tsx';
import { PrivacyPanel } from '../family/dashboard-panels/privacy-panel.tsx';
import { RecentPhotosPanel } from '../family/dashboard-panels/recent-photos-panel.tsx';
import { UpcomingEventsPanel } from '../family/dashboard-panels/upcoming-events-panel.tsx';
import { MembersPanel } from '../family/members-panel.tsx';
import { useSelectedFamily } from '../family/selected-family.ts';
import { timeOfDayGreeting } from './greeting.ts';
import { NotSentList } from '../device-session/not-sent-list.tsx';
import { onThisDayPanel } from '../memories/on-this-day-loader.ts';
import * as styles from './feed-screen.css.ts';
import { FeedSkeleton } from './feed-skeleton.tsx';
import { PostComposer } from './post-composer.tsx';
import { PostList } from './post-list.tsx';

/**
 * Home: the selected family's updates and the composer, with the family's members, photos and events beside them
 * (below them on a phone). All read from the device, so it opens with no network.
 */
export function FeedScreen() {
  useDocumentTitle('Home');
  const user = useSignedInUser();
  const { families, selected } = useSelectedFamily();
  const firstPullDone = useFirstPullDone();
  const noFamily = families !== undefined && !selected;
  useLayoutEffect(() => {
    // No feed to take over from the picture of the home (post-list.tsx does when there is).
    if (noFamily) dismissHomeSnapshot();
  }, [noFamily]);

  return (
    // Wide only when there are side panels to sit beside the feed.
    <Page width={selected ? 'wide' : 'default'}>
      <PageHeader title={`${timeOfDayGreeting(new Date())}, ${greetingName(user)}`} />
      <NotSentList />
      {selected ? (
        <div className={styles.dashboard}>
          <section className={styles.column} aria-labelledby="family-title">
            <h2 id="family-title" className={styles.familyName}>
              {selected.name}
            </h2>
            <PostComposer familyId={selected.id} />
            <Suspense fallback={null}>
              <onThisDayPanel.Component familyId={selected.id} />
            </Suspense>
            <PostList familyId={selected.id} />
          </section>
          <aside className={styles.panels} aria-label="Your family at a glance">
            <MembersPanel family={selected} />
            <RecentPhotosPanel familyId={selected.id} />
            <UpcomingEventsPanel familyId={selected.id} />
            <PrivacyPanel />
          </aside>
        </div>
      ) : (
        <div className={styles.column}>
          {families && firstPullDone ? (
            <CreateFamilyCard />
          ) : (
            // Only until the device has heard from the server once: a new device must not offer to create a family
            // its person already has.
            <FeedSkeleton />
          )}
          <PrivacyPanel />
        </div>
      )}
    </Page>
  );
}
