import { useId, type ComponentType } from 'react';
import { Link } from '@tanstack/react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Card } from '../../../ui/card.tsx';
import { ArrowRightIcon, type IconProps } from '../../../ui/icons.tsx';
import { Page, PageHeader } from '../../../ui/page.tsx';
import { addressedTopics, contactTopics, useContactAddresses, type ContactTopic } from './contact-addresses.ts';
import { ContactForm } from './contact-form.tsx';
import { EmailLink } from './email-link.tsx';
import { LifebuoyIcon, MailIcon, ShieldIcon } from './contact-icons.tsx';
import * as styles from './contact-screen.css.ts';
import { SuggestionBox } from './suggestion-box.tsx';

const topicIcons: Record<ContactTopic, ComponentType<IconProps>> = {
  privacy: ShieldIcon,
  support: LifebuoyIcon,
  general: MailIcon,
};

/** What people most often write about, answered by a page that already exists. */
const quickAnswers: readonly { label: string; to: '/privacy' | '/cookies' | '/download'; hash?: string }[] = [
  { label: 'What Hearth does with your data', to: '/privacy' },
  { label: 'Deleting your account', to: '/privacy', hash: 'your-choices' },
  { label: 'The one cookie Hearth uses', to: '/cookies' },
  { label: 'Installing Hearth on your devices', to: '/download' },
];

/** Contact (product.md §2): where to write for what, the Suggestion Box, and the message form. */
export function ContactScreen() {
  useDocumentTitle('Contact Us');
  const formTitleId = useId();
  const topics = addressedTopics(useContactAddresses());

  return (
    <Page width="wide">
      <PageHeader
        title="Contact Us"
        lead="A question, an idea, or something not working? Real people read every message."
      />

      {topics.length > 0 && (
        <ul className={styles.topics} aria-label="Ways to reach us">
          {topics.map(({ topic, email }) => {
            const { title, text } = contactTopics[topic];
            const TopicIcon = topicIcons[topic];
            return (
              <li key={topic}>
                <Card as="section" padding="md" className={styles.topicCard} aria-labelledby={`contact-${topic}`}>
                  <span className={styles.topicIcon}>
                    <TopicIcon />
                  </span>
                  <h2 id={`contact-${topic}`} className={styles.topicTitle}>
                    {title}
                  </h2>
                  <p className={styles.topicText}>{text}</p>
                  <EmailLink email={email} className={styles.topicEmail} />
                </Card>
              </li>
            );
          })}
        </ul>
      )}

      <div className={styles.columns}>
        <Card as="section" aria-labelledby={formTitleId} className={styles.formCard}>
          <div className={styles.cardHeading}>
            <h2 id={formTitleId} className={styles.sectionTitle}>
              Send us a message
            </h2>
            <p className={styles.sectionLead}>All fields are required.</p>
          </div>
          <ContactForm titleId={formTitleId} />
        </Card>

        <div className={styles.aside}>
          <Card as="section" padding="md" aria-labelledby="suggestion-box-title" className={styles.suggestionCard}>
            <h2 id="suggestion-box-title" className={styles.sectionTitle}>
              Have an idea?
            </h2>
            <p className={styles.sectionLead}>
              Hearth grows with the families who use it. Drop a suggestion in the box, with or without your name.
            </p>
            <SuggestionBox />
          </Card>

          <Card as="section" padding="md" aria-labelledby="quick-answers-title" className={styles.formCard}>
            <h2 id="quick-answers-title" className={styles.sectionTitle}>
              Quick answers
            </h2>
            <ul className={styles.quickLinks}>
              {quickAnswers.map((answer) => (
                <li key={answer.label}>
                  <Link to={answer.to} hash={answer.hash} className={styles.quickLink}>
                    {answer.label}
                    <ArrowRightIcon size="1.1em" className={styles.quickLinkIcon} />
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </Page>
  );
}
