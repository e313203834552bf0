import { createLink } from '@tanstack/react-router';
import type { ComponentProps } from 'react';
import { useSignedInUser } from '../account/auth-store.ts';
import { greetingName } from '../account/display-name.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { cardPadding } from '../../ui/card.css.ts';
import { ArrowRightIcon, HearthMark, SettingsIcon, UserIcon } from '../../ui/icons.tsx';
import { Page, PageHeader } from '../../ui/page.tsx';
import * as styles from './home-screen.css.ts';
import { timeOfDayGreeting } from './greeting.ts';

function CardAnchor({ className, ...props }: ComponentProps<'a'>) {
  return <a {...props} className={[cardPadding.md, styles.cardLink, className].filter(Boolean).join(' ')} />;
}

/** A card that is one big link into the app. */
const CardLink = createLink(CardAnchor);

/** The signed-in home for now: a greeting and the two places a new member goes first. The family feed replaces it. */
export function HomeScreen() {
  useDocumentTitle('Home');
  const user = useSignedInUser();
  return (
    <Page width="default">
      <PageHeader
        title={`${timeOfDayGreeting(new Date())}, ${greetingName(user)}`}
        lead="Pull up a chair. This is your family's private corner, where photos, plans and news gather as everyone joins."
      />
      <ul className={styles.cards}>
        <li>
          <CardLink to="/profile">
            <span className={styles.cardIcon}>
              <UserIcon size="1.5rem" />
            </span>
            <span className={styles.cardText}>
              <span className={styles.cardTitle}>
                <strong>Your profile</strong>
              </span>
              <span className={styles.cardDescription}>Your name, email and password, as your family sees you.</span>
            </span>
            <ArrowRightIcon className={styles.cardArrow} />
          </CardLink>
        </li>
        <li>
          <CardLink to="/settings">
            <span className={styles.cardIcon}>
              <SettingsIcon size="1.5rem" />
            </span>
            <span className={styles.cardText}>
              <span className={styles.cardTitle}>
                <strong>Settings</strong>
              </span>
              <span className={styles.cardDescription}>Choose your colours, text size and notifications.</span>
            </span>
            <ArrowRightIcon className={styles.cardArrow} />
          </CardLink>
        </li>
      </ul>
      <p className={styles.hearthNote}>
        <HearthMark size="1.5rem" />
        Private by design: no ads, no data selling, no trackers, nothing leaves your family.
      </p>
    </Page>
  );
}
