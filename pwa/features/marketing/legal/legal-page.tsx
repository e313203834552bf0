import { useId, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { legal } from '../../../../schema/limits.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { addressedTopics, contactTopics, useContactAddresses } from '../contact/contact-addresses.ts';
import { EmailLink } from '../contact/email-link.tsx';
import { eyebrow } from '../ui/layout.css.ts';
import * as styles from './legal-page.css.ts';

export type LegalSection = {
  /** The anchor: /privacy#children links straight to the section. */
  id: string;
  title: string;
  content: ReactNode;
};

type LegalPath = '/terms' | '/privacy' | '/cookies';

const legalPages: readonly { to: LegalPath; label: string }[] = [
  { to: '/terms', label: 'Terms and Conditions' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/cookies', label: 'Cookies Policy' },
];

/** "25 June 2025", read in UTC so nobody west of Greenwich sees the day before. */
const effectiveDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
}).format(new Date(`${legal.effectiveDate}T00:00:00Z`));

/**
 * The one layout of the terms, privacy and cookies pages: the title and effective date, a numbered table of contents
 * whose links jump to each section, then the sections themselves, and the other two documents at the end.
 */
export function LegalPage({
  path,
  title,
  lead,
  sections,
}: {
  path: LegalPath;
  title: string;
  lead: ReactNode;
  sections: readonly LegalSection[];
}) {
  useDocumentTitle(title);
  const tocTitleId = useId();

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={eyebrow}>Legal</p>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.effective}>
          Effective <time dateTime={legal.effectiveDate}>{effectiveDate}</time>
        </p>
        <p className={styles.lead}>{lead}</p>
      </header>

      <nav aria-labelledby={tocTitleId} className={`${styles.toc} ${styles.tocCard}`}>
        <h2 id={tocTitleId} className={styles.tocTitle}>
          On this page
        </h2>
        <ol className={styles.tocList}>
          {sections.map((section, index) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={styles.tocLink}>
                <span className={styles.tocNumber} aria-hidden="true">
                  {index + 1}.
                </span>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <article className={styles.article}>
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className={styles.section}>
            <h2 id={`${section.id}-title`} className={styles.sectionTitle}>
              <span className={styles.sectionNumber}>{index + 1}.</span>
              <span>{section.title}</span>
            </h2>
            <div className={styles.body}>{section.content}</div>
          </section>
        ))}
        <nav aria-label="Other legal pages" className={styles.related}>
          {legalPages
            .filter((page) => page.to !== path)
            .map((page) => (
              <Link key={page.to} to={page.to} className={styles.relatedLink}>
                {page.label}
              </Link>
            ))}
          <Link to="/contact" className={styles.relatedLink}>
            Contact us
          </Link>
        </nav>
      </article>
    </div>
  );
}

/** Where the legal texts say to write about privacy: the privacy address where one is set, else the contact form. */
export function PrivacyAddress() {
  const email = useContactAddresses()?.privacy;
  return email ? <a href={`mailto:${email}`}>{email}</a> : <Link to="/contact">us</Link>;
}

/** The addresses that are set, as the last section of each legal page says "write to us"; nothing when none is. */
export function LegalContacts() {
  const topics = addressedTopics(useContactAddresses());
  if (topics.length === 0) return null;
  return (
    <>
      <p>Or write to us:</p>
      <ul className={styles.contacts}>
        {topics.map(({ topic, email }) => (
          <li key={topic} className={styles.contactItem}>
            <span className={styles.contactLabel}>{contactTopics[topic].title}</span>
            <EmailLink email={email} className={styles.contactEmail} />
          </li>
        ))}
      </ul>
    </>
  );
}
