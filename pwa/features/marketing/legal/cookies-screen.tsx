import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { legal } from '../../../../schema/limits.ts';
import { homeSnapshotStorageKey, signedInCopyStorageKey, themeStorageKeys } from '../../../../schema/theme.ts';
import { LegalContacts, LegalPage, type LegalSection } from './legal-page.tsx';
import * as styles from './legal-page.css.ts';

type StoredItem = { name: ReactNode; purpose: ReactNode; lasts: ReactNode };

/** What Hearth keeps in the browser's local storage, in the words a person would use. */
const localStorageItems: readonly StoredItem[] = [
  {
    name: <code>{themeStorageKeys.mode}</code>,
    purpose: 'Light, dark, or following your device.',
    lasts: 'Until you change it or clear the site’s data.',
  },
  {
    name: <code>{themeStorageKeys.color}</code>,
    purpose: 'The colour theme you picked: purple, orange, pink or blue.',
    lasts: 'Until you change it or clear the site’s data.',
  },
  {
    name: <code>{themeStorageKeys.textSize}</code>,
    purpose: 'Whether you asked for larger text.',
    lasts: 'Until you change it or clear the site’s data.',
  },
  {
    name: <code>{signedInCopyStorageKey}</code>,
    purpose:
      'Your name, email and profile photo address, so the app opens signed in even without a connection. Never a password or token.',
    lasts: 'Until you sign out.',
  },
  {
    name: <code>{homeSnapshotStorageKey}</code>,
    purpose:
      'A copy of your home page as you last saw it (your family’s newest few posts, without photos), shown for the moment the app takes to open.',
    lasts: 'Until you sign out.',
  },
  {
    name: <code>hearth-selected-family-…</code>,
    purpose: 'Which of your families you looked at last.',
    lasts: 'Until you sign out.',
  },
  {
    name: <code>hearth-sign-out-pending</code>,
    purpose: 'Remembers a sign-out made offline, so it finishes when you are back online.',
    lasts: 'Until the sign-out is done.',
  },
  {
    name: <code>hearth-session-ended</code>,
    purpose:
      'Whose data is being taken off this device after their session ended, so it finishes if the app closes half-way.',
    lasts: 'Until the data is gone, moments later.',
  },
  {
    name: <code>hearth-kept-writes-…</code>,
    purpose:
      'How many things you wrote had not been sent when your session ended, so the app can tell you they are on their way when you sign back in.',
    lasts: 'Until you sign back in.',
  },
];

function StorageTable({ caption, items }: { caption: string; items: readonly StoredItem[] }) {
  return (
    <table className={styles.table}>
      <caption className={styles.tableCaption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">What it is for</th>
          <th scope="col">How long it lasts</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) => (
          <tr key={index}>
            <th scope="row">{item.name}</th>
            <td data-label="What it is for">{item.purpose}</td>
            <td data-label="How long it lasts">{item.lasts}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const sections: readonly LegalSection[] = [
  {
    id: 'summary',
    title: 'The short version',
    content: (
      <>
        <p className={styles.callout}>
          Hearth uses one cookie, to keep you signed in. No advertising cookies, no analytics, no tracking.
        </p>
        <p>
          A cookie is a small piece of text a website asks your browser to keep and send back on the next visit. Hearth
          also keeps a few things in your browser’s storage so the app is quick and works offline. This page lists all
          of it.
        </p>
      </>
    ),
  },
  {
    id: 'cookies-we-use',
    title: 'The cookie we use',
    content: (
      <>
        <StorageTable
          caption="Cookies"
          items={[
            {
              name: <code>hearth_session</code>,
              purpose:
                'Keeps you signed in. It holds a random code that only our server can match to your account; the server stores just a hash of it.',
              lasts: '30 days, renewed while you keep using Hearth, and removed when you sign out.',
            },
          ]}
        />
        <p>
          The cookie is <strong>HttpOnly</strong> (scripts on the page cannot read it), is sent only to Hearth itself,
          and only over an encrypted connection when Hearth is served over HTTPS. It is strictly necessary: without it,
          nobody could sign in. Visitors who do not sign in get no cookie at all.
        </p>
        <p>
          If you choose <strong>Continue with Google</strong>, the server also sets a short-lived cookie while you are
          away at Google, to check that the answer coming back belongs to the sign-in you started. It is used for
          nothing else.
        </p>
      </>
    ),
  },
  {
    id: 'device-storage',
    title: 'Storage on your device',
    content: (
      <>
        <p>
          These stay in your browser and are read only by Hearth on your device. Unlike a cookie, they are not sent to
          our server with each request.
        </p>
        <StorageTable caption="Local storage" items={localStorageItems} />
        <h3>The device database</h3>
        <p>
          When you are signed in, Hearth keeps a copy of your families’ posts, photos and other shared content in the
          browser’s database (IndexedDB), together with anything you wrote that has not been sent yet. This is what lets
          Hearth open and work without a connection. Signing out deletes it.
        </p>
        <h3>The app’s own files</h3>
        <p>
          If you install Hearth or visit it often, your browser keeps a copy of the app’s own files (its pages, styles
          and icons, never your data) so it opens quickly and offline. They are replaced when Hearth is updated.
        </p>
      </>
    ),
  },
  {
    id: 'no-tracking',
    title: 'What we do not use',
    content: (
      <ul>
        <li>No advertising or retargeting cookies.</li>
        <li>No analytics, statistics or “performance” cookies.</li>
        <li>No social media cookies or buttons.</li>
        <li>No cookies from other websites: Hearth loads nothing from anyone else.</li>
        <li>No fingerprinting or other ways of recognising your device without a cookie.</li>
      </ul>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your choices',
    content: (
      <>
        <p>
          Because everything on this page is needed for Hearth to work, there is nothing to switch on or off and no
          cookie banner to click through. You stay in control:
        </p>
        <ul>
          <li>
            <strong>Sign out</strong> to remove the cookie and your family’s data from the device.
          </li>
          <li>
            <strong>Clear the site’s data</strong> in your browser’s settings to remove everything listed here.
          </li>
          <li>
            <strong>Block cookies</strong> for Hearth if you like: the public pages still work, but you will not be able
            to sign in.
          </li>
          <li>
            <strong>Uninstall</strong> the app to remove it and what it stored.
          </li>
        </ul>
        <p>
          The <Link to="/privacy">Privacy Policy</Link> explains what our server keeps and how to have it deleted.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        If Hearth ever needs another cookie, we will list it here with a new effective date before it is used. A
        tracking or advertising cookie will never be one of them.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <>
        <p>
          Questions about this page? Use the <Link to="/contact">contact form</Link>. We typically reply within{' '}
          {legal.replyWithinHours} hours on business days.
        </p>
        <LegalContacts />
      </>
    ),
  },
];

/** Cookies Policy (product.md: real content). Lists everything Hearth keeps in the browser, and why. */
export function CookiesScreen() {
  return (
    <LegalPage
      path="/cookies"
      title="Cookies Policy"
      lead="The one cookie Hearth uses, what it keeps on your device, and why there is no cookie banner."
      sections={sections}
    />
  );
}
