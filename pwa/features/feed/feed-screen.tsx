import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFirstPullDone } from '../sync/use-sync-state.ts';
import { HearthMark } from '../../ui/icons.tsx';
import { Page, PageHeader } from '../../ui/page.tsx';
import { useSignedInUser } from '../account/auth-store.ts';
import { greetingName } from '../account/display-name.ts';
import { CreateFamilyCard } from '../family/create-family-card.tsx';
import { useSelectedFamily } from '../family/selected-family.ts';
import { timeOfDayGreeting } from './greeting.ts';
import { NotSentList } from '../sync/not-sent-list.tsx';
import * as styles from './feed-screen.css.ts';
import { FeedSkeleton } from './feed-skeleton.tsx';
import { PostComposer } from './post-composer.tsx';
import { PostList } from './post-list.tsx';

/** Home: the selected family's updates and the composer, all read from the device so it opens with no network. */
export function FeedScreen() {
  useDocumentTitle('Home');
  const user = useSignedInUser();
  const { families, selected } = useSelectedFamily();
  const firstPullDone = useFirstPullDone();

  return (
    <Page width="default">
      <PageHeader title={`${timeOfDayGreeting(new Date())}, ${greetingName(user)}`} />
      <div className={styles.column}>
        <NotSentList />
        {selected ? (
          <section className={styles.column} aria-labelledby="family-title">
            <h2 id="family-title" className={styles.familyName}>
              {selected.name}
            </h2>
            <PostComposer familyId={selected.id} />
            <PostList familyId={selected.id} />
          </section>
        ) : families && firstPullDone ? (
          <CreateFamilyCard />
        ) : (
          // Only until the device has heard from the server once: a new device must not offer to create a family
          // its person already has.
          <FeedSkeleton />
        )}
        <p className={styles.privacyNote}>
          <HearthMark size="1.5rem" />
          Private by design: no ads, no data selling, no trackers, nothing leaves your family.
        </p>
      </div>
    </Page>
  );
}
