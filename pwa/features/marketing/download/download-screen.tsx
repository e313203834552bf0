import { useId, type ComponentType } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ArrowRightIcon, HearthMark, type IconProps } from '../../../ui/icons.tsx';
import { Page, PageHeader } from '../../../ui/page.tsx';
import { visuallyHidden } from '../../../ui/visually-hidden.css.ts';
import { useAuth } from '../../account/auth-store.ts';
import { openDownloadPopup } from '../download-popup/open-download-popup.ts';
import * as styles from './download-screen.css.ts';
import { ComputerIcon, DownloadIcon, PhoneIcon, TabletIcon } from './platform-icons.tsx';

type Platform = {
  name: string;
  description: string;
  /** Where the store app will come from; computers need none, the browser installs Hearth. */
  availability: string;
};

type PlatformGroup = { id: string; title: string; icon: ComponentType<IconProps>; platforms: readonly Platform[] };

/** product.md §2: mobile (iOS, Android), tablet (iPad, Android Tablet), desktop (Windows, macOS). */
const platformGroups: readonly PlatformGroup[] = [
  {
    id: 'mobile',
    title: 'Mobile',
    icon: PhoneIcon,
    platforms: [
      { name: 'iOS', description: 'For iPhone: your family in your pocket.', availability: 'App Store app: coming soon' },
      { name: 'Android', description: 'For Android phones of every size.', availability: 'Google Play app: coming soon' },
    ],
  },
  {
    id: 'tablet',
    title: 'Tablet',
    icon: TabletIcon,
    platforms: [
      { name: 'iPad', description: 'Big photos for the kitchen table.', availability: 'App Store app: coming soon' },
      { name: 'Android Tablet', description: 'A shared screen for the whole household.', availability: 'Google Play app: coming soon' },
    ],
  },
  {
    id: 'desktop',
    title: 'Desktop',
    icon: ComputerIcon,
    platforms: [
      { name: 'Windows', description: 'Plan events and sort albums with a keyboard.', availability: 'Installs from Chrome or Edge' },
      { name: 'macOS', description: 'Hearth in its own window, beside your work.', availability: 'Installs from Safari, Chrome or Edge' },
    ],
  },
];

/** How to install the web app today, in each browser family's words. */
const installSteps: readonly { title: string; icon: ComponentType<IconProps>; text: string }[] = [
  { title: 'iPhone and iPad', icon: TabletIcon, text: 'Open Hearth in Safari, tap Share, then Add to Home Screen.' },
  { title: 'Android', icon: PhoneIcon, text: 'Open Hearth in Chrome, open the ⋮ menu, then tap Install app or Add to Home screen.' },
  {
    title: 'Windows and macOS',
    icon: ComputerIcon,
    text: 'Open Hearth in Chrome or Edge and choose Install in the address bar. In Safari on a Mac: File, then Add to Dock.',
  },
];

/** Download (product.md §2): every platform, honest about what exists today, and the way in through the web app. */
export function DownloadScreen() {
  useDocumentTitle('Download');
  const { isAuthenticated } = useAuth();
  const noteTitleId = useId();
  const stepsTitleId = useId();

  return (
    <Page width="wide">
      <PageHeader
        title="Download Hearth"
        lead="Your family’s private space on every screen: phones, tablets and computers."
      />

      <Card as="section" aria-labelledby={noteTitleId} className={styles.note}>
        <HearthMark size="3.5rem" className={styles.noteIcon} />
        <div className={styles.noteText}>
          <h2 id={noteTitleId} className={styles.noteTitle}>
            Store apps are coming soon. Hearth works today.
          </h2>
          <p>
            Hearth is already an installable web app: add it to your home screen or desktop from your browser and it
            opens like any other app, even without a connection. Nothing to wait for.
          </p>
        </div>
        <ButtonLink to={isAuthenticated ? '/' : '/signup'} className={styles.noteAction}>
          Continue with Web App
          <ArrowRightIcon />
        </ButtonLink>
      </Card>

      <div className={styles.groups}>
        {platformGroups.map((group) => (
          <section key={group.id} aria-labelledby={`platforms-${group.id}`} className={styles.group}>
            <h2 id={`platforms-${group.id}`} className={styles.groupTitle}>
              {group.title}
            </h2>
            <ul className={styles.platformList}>
              {group.platforms.map((platform) => (
                <li key={platform.name}>
                  <PlatformCard platform={platform} icon={group.icon} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <section aria-labelledby={stepsTitleId} className={styles.group}>
        <div className={styles.groupHeading}>
          <h2 id={stepsTitleId} className={styles.groupTitle}>
            Install from your browser
          </h2>
          <p className={styles.platformText}>No store needed: install Hearth from the browser you already use.</p>
        </div>
        <ul className={styles.steps}>
          {installSteps.map(({ title, icon: StepIcon, text }) => (
            <li key={title} className={styles.step}>
              <h3 className={styles.stepTitle}>
                <StepIcon size="1.5rem" className={styles.stepIcon} />
                {title}
              </h3>
              <p className={styles.stepText}>{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}

function PlatformCard({ platform, icon: PlatformIcon }: { platform: Platform; icon: ComponentType<IconProps> }) {
  const titleId = useId();
  return (
    <Card as="section" padding="md" aria-labelledby={titleId} className={styles.platformCard}>
      <div className={styles.platformHeader}>
        <span className={styles.platformIcon}>
          <PlatformIcon />
        </span>
        <h3 id={titleId} className={styles.platformName}>
          {platform.name}
        </h3>
      </div>
      <p className={styles.platformText}>{platform.description}</p>
      <ul className={styles.availability}>
        <li className={styles.availableNow}>Web app: available now</li>
        <li>{platform.availability}</li>
      </ul>
      <Button variant="secondary" fullWidth onClick={openDownloadPopup}>
        <DownloadIcon size="1.2em" />
        Get Hearth<span className={visuallyHidden}> for {platform.name}</span>
      </Button>
    </Card>
  );
}
