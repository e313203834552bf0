import { Link } from '@tanstack/react-router';
import { legal } from '../../../../schema/limits.ts';
import { LegalContacts, LegalPage, PrivacyAddress, type LegalSection } from './legal-page.tsx';
import * as styles from './legal-page.css.ts';

const sections: readonly LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    content: (
      <>
        <p>
          These terms are the agreement between you and the people who run this Hearth service (“we”, “us”). They apply
          whenever you use Hearth: the website, the web app you can add to your home screen, and the store apps for iOS
          and Android when they arrive.
        </p>
        <p>
          Hearth is a free app for families, currently in beta. By creating an account or using Hearth you accept these
          terms and our <Link to="/privacy">Privacy Policy</Link>. If you do not agree, please do not use Hearth.
        </p>
      </>
    ),
  },
  {
    id: 'who-can-use',
    title: 'Who can use Hearth',
    content: (
      <>
        <p>
          You must be at least {legal.minimumAge} years old to create a Hearth account. Children under{' '}
          {legal.minimumAge} are not allowed to use Hearth, even with a parent’s help. If you are old enough to use
          Hearth but not yet an adult where you live, a parent or guardian should read these terms with you and agree to
          them.
        </p>
        <p>
          If we learn that an account belongs to someone under {legal.minimumAge}, we will close it and delete what it
          holds. A parent who thinks this has happened can write to <PrivacyAddress />.
        </p>
      </>
    ),
  },
  {
    id: 'your-account',
    title: 'Your account',
    content: (
      <ul>
        <li>Give a real email address you can read, so we can reach you about your account.</li>
        <li>
          Keep your password to yourself. One account is for one person; family members each make their own and join the
          same family.
        </li>
        <li>
          Sign out on shared devices, such as a family tablet. Signing out also removes your family’s data from that
          device.
        </li>
        <li>
          You are responsible for what happens under your account. If you think someone else has used it, change your
          password (this signs out your other devices) and tell us.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-content',
    title: 'What you share',
    content: (
      <>
        <p>
          What you post in Hearth (updates, photos, comments, chat messages, events and family tree details) stays
          yours. You give us permission to store it, make copies (for example smaller versions of a photo, or backups)
          and show it to the members of the family you shared it with. We use that permission only to run Hearth for
          you, never to advertise, sell or publish your content.
        </p>
        <p>
          The members of a family can see what is shared in it and may keep their own copies, as with any photo you show
          someone. Share only what you have the right to share, and think about the people in your photos, especially
          children.
        </p>
        <p>
          Family admins decide who belongs to a family. Someone removed from a family can no longer see it, and its data
          is removed from their devices the next time they connect.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Using Hearth fairly',
    content: (
      <>
        <p>Hearth is a home for families, so please do not use it to:</p>
        <ul>
          <li>break the law, or share content that is illegal, hateful, violent or sexual involving minors;</li>
          <li>bully, threaten or harass anyone, inside or outside your family;</li>
          <li>share someone else’s private information or photos without their permission;</li>
          <li>
            try to reach families or accounts that are not yours, test or break our security, or collect data from
            Hearth with automated tools;
          </li>
          <li>send malware, spam, or so many requests that Hearth slows down for everyone else.</li>
        </ul>
        <p>
          We may remove content or suspend an account that breaks these rules. Where we can, we will tell you why and
          give you a chance to put things right first.
        </p>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy and cookies',
    content: (
      <p>
        How we handle your information is explained in the <Link to="/privacy">Privacy Policy</Link>, and the single
        cookie and the storage Hearth uses on your device in the <Link to="/cookies">Cookies Policy</Link>. Both are
        part of these terms.
      </p>
    ),
  },
  {
    id: 'beta',
    title: 'A service in beta',
    content: (
      <>
        <p>
          Hearth is young. Features will change, some pages are marked “Coming Soon”, and the store apps for iOS and
          Android are not out yet: today Hearth works in your browser and can be installed from there. We work hard to
          keep Hearth running and your data safe, but we cannot promise it will always be available or free of mistakes.
        </p>
        <p>
          Keep your own copies of photos and memories that matter to you. Hearth is a place to share them, not the only
          place they should live.
        </p>
      </>
    ),
  },
  {
    id: 'ending',
    title: 'Leaving Hearth',
    content: (
      <>
        <p>
          You can stop using Hearth at any time. To delete your account and what it holds, use the{' '}
          <Link to="/contact">contact form</Link> or write to <PrivacyAddress />; the{' '}
          <Link to="/privacy" hash="your-choices">
            Privacy Policy
          </Link>{' '}
          explains what is deleted and when.
        </p>
        <p>
          We may close an account that seriously or repeatedly breaks these terms. If we ever stop running Hearth, we
          will tell you at least 30 days before, so you have time to save what matters to you.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility',
    content: (
      <>
        <p>
          Hearth is free and provided as it is. As far as the law allows, we are not responsible for losses that come
          from Hearth being unavailable, from content other members share, or from anyone misusing your account because
          your password was shared or guessed.
        </p>
        <p>
          Nothing in these terms takes away rights you have by law as a consumer, or limits our responsibility where the
          law does not allow it to be limited.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        When we change these terms we will publish the new version here with a new effective date. If a change matters
        to how you use Hearth, we will also tell you in the app at least 14 days before it applies. If you keep using
        Hearth after that, the new terms apply; if you do not agree with them, you can delete your account.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <>
        <p>
          Questions about these terms? Use the <Link to="/contact">contact form</Link>. We typically reply within{' '}
          {legal.replyWithinHours} hours on business days.
        </p>
        <LegalContacts />
      </>
    ),
  },
];

/** Terms and Conditions (product.md §2 "Static pages"), in Hearth's own words. */
export function TermsScreen() {
  return (
    <LegalPage
      path="/terms"
      title="Terms and Conditions"
      lead={
        <>
          The rules for using Hearth, written to be read. <span className={styles.leadStrong}>In short:</span> be kind,
          share only what is yours to share, and keep your password to yourself.
        </>
      }
      sections={sections}
    />
  );
}
