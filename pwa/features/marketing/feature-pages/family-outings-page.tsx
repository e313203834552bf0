import { useId } from 'react';
import { container } from '../ui/layout.css.ts';
import { FeaturePage, StartButton } from './feature-page.tsx';
import { CameraIcon, CompassIcon, KiteIcon, PlanIcon } from './feature-icons.tsx';
import * as styles from './family-outings.css.ts';
import heroArt from '../art/family-outings.svg?inline';

/**
 * Family Outings (product.md §2): hero, four feature cards, a generations banner, six benefits, Start Planning, and
 * Back to Home to /.
 */
export function FamilyOutingsPage() {
  return (
    <FeaturePage
      documentTitle="Family Outings"
      hero={{
        title: 'Family Outings',
        lead: 'From a picnic in the park to a week by the sea: find ideas, plan together and keep the memories, with everyone from toddlers to great-grandparents.',
        art: heroArt,
      }}
      features={{
        title: 'Days out, made easy',
        lead: 'Everything from the first idea to the last photo, in one place the whole family shares.',
        items: [
          {
            title: 'Discover places',
            text: 'Keep a family list of parks, museums and beaches that suit every age, with notes on benches, step-free paths and places to eat.',
            icon: <CompassIcon />,
          },
          {
            title: 'Plan together',
            text: 'Suggest a day, let everyone say whether they can come, and agree on the time, the place and who brings the sandwiches.',
            icon: <PlanIcon />,
          },
          {
            title: 'Group activities',
            text: 'Games and activities that toddlers, teenagers and grandparents can all enjoy together.',
            icon: <KiteIcon />,
          },
          {
            title: 'Capture memories',
            text: 'Keep the day’s photos and stories together, so the outing lives on long after the drive home.',
            icon: <CameraIcon />,
          },
        ],
      }}
      interlude={<GenerationsBanner />}
      list={{
        title: 'Why plan outings with Hearth',
        columns: 3,
        items: [
          { title: 'One plan, not fifty messages', text: 'The when, where and who live in one place instead of a dozen threads.' },
          { title: 'Everyone gets a say', text: 'Grandparents and grandchildren alike choose where to go next.' },
          { title: 'Ideas for every age', text: 'Suggestions that fit little legs, older knees and teenage moods.' },
          { title: 'The plan in your pocket', text: 'Open the plan with no signal, at the beach or up in the hills.' },
          { title: 'Memories kept together', text: 'Everyone’s photos of the day end up in one family album.' },
          { title: 'No ads, no sponsored places', text: 'Nobody pays to be suggested, and your plans are never sold.' },
        ],
      }}
      closing={{
        id: 'start-planning',
        title: 'Your next family day out starts here',
        text: 'Create your family circle today, make the outing an event, and see who is coming.',
        action: <StartButton>Start Planning</StartButton>,
      }}
    />
  );
}

/** The spec's generations banner: a band that says outings are for everyone, from the youngest to the oldest. */
function GenerationsBanner() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={styles.band}>
      <div className={`${container} ${styles.inner}`}>
        <img
          src="/art/features/generations.svg"
          alt=""
          width={480}
          height={300}
          loading="lazy"
          className={styles.art}
        />
        <div className={styles.text}>
          <h2 id={titleId} className={styles.title}>
            Made for every generation
          </h2>
          <p className={styles.lead}>
            The best days out are the ones where nobody is left behind. Plan at a pace that suits Grandma, with a
            playground for the little ones and something for the teenagers too.
          </p>
          <ul className={styles.generations}>
            {['Grandparents', 'Parents', 'Children'].map((generation) => (
              <li key={generation} className={styles.chip}>
                {generation}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
