import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { User } from '../../../../schema/entities.ts';
import { useAuth } from '../../account/auth-store.ts';
import { greetingName } from '../../account/display-name.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import { HearthMark } from '../../../ui/icons.tsx';
import { openDownloadPopup } from '../download-popup/open-download-popup.ts';
import { container } from '../ui/layout.css.ts';
import { privacyPromise } from '../ui/privacy-promise.ts';
import { SiteLink } from '../ui/site-link.tsx';
import * as styles from './site-footer.css.ts';

const exploreLinks = [
  { href: '/#features', label: 'Features' },
  { href: '/#how-it-works', label: 'How It Works' },
  { href: '/news', label: 'News' },
] as const;

const helpLinks = [
  { href: '/contact', label: 'Contact' },
  { href: '/terms', label: 'Terms' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/cookies', label: 'Cookies' },
] as const;

/**
 * Where the spec puts social links: Hearth has no social media accounts and its pages load nothing from other
 * sites, so these say so and lead to the News page, where the stories, videos and updates are.
 */
const followLinks = ['Stories', 'Videos', 'Updates'] as const;

/**
 * The bottom of every public page (product.md §2): the site's links, a welcome back for someone signed in, the
 * copyright. `aboveTabBar` keeps its last lines clear of the phone tab bar (a signed-in person on a public page).
 */
export function SiteFooter({ aboveTabBar = false }: { aboveTabBar?: boolean }) {
  const { user } = useAuth();
  return (
    <footer className={aboveTabBar ? `${styles.footer} ${styles.footerAboveTabBar}` : styles.footer}>
      <div className={container}>
        {user ? <WelcomeBack user={user} /> : null}
        <div className={styles.grid}>
          <div className={`${styles.about} ${styles.wide}`}>
            <Link to="/" className={styles.brand}>
              <HearthMark />
              Hearth
            </Link>
            <p className={styles.muted}>A calm, private home online for families across generations.</p>
            <p className={styles.muted}>{privacyPromise}</p>
          </div>
          <FooterColumn title="Explore">
            <ul className={styles.links}>
              {exploreLinks.map((link) => (
                <li key={link.href}>
                  <SiteLink href={link.href} className={styles.link}>
                    {link.label}
                  </SiteLink>
                </li>
              ))}
              <li>
                <button type="button" className={styles.link} onClick={openDownloadPopup}>
                  Download App
                </button>
              </li>
            </ul>
          </FooterColumn>
          <FooterColumn title="Help and legal">
            <ul className={styles.links}>
              {helpLinks.map((link) => (
                <li key={link.href}>
                  <SiteLink href={link.href} className={styles.link}>
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </FooterColumn>
          <FooterColumn title="Follow along" className={styles.wide}>
            <p className={styles.muted}>
              Hearth isn't on social media. Our stories and videos live on the News page.
            </p>
            <ul className={styles.socialList}>
              {followLinks.map((label) => (
                <li key={label}>
                  <SiteLink href="/news" className={styles.socialLink} aria-label={`${label} on the Hearth News page`}>
                    {label}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </FooterColumn>
        </div>
        <div className={styles.bottom}>
          <p>© {new Date().getFullYear()} Hearth</p>
          <p>Made for families, never for advertisers.</p>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <div className={[styles.column, className].filter(Boolean).join(' ')}>
      <h2 className={styles.columnTitle}>{title}</h2>
      {children}
    </div>
  );
}

function WelcomeBack({ user }: { user: User }) {
  return (
    <div className={styles.welcome}>
      <div className={styles.welcomeText}>
        <p className={styles.welcomeTitle}>Welcome back, {greetingName(user)}!</p>
        <p className={styles.muted}>Your family's latest photos, plans and news are waiting for you.</p>
      </div>
      <ButtonLink to="/">Go to your family</ButtonLink>
    </div>
  );
}
