import { Link } from '@tanstack/react-router';
import { legal } from '../../../../schema/limits.ts';
import { LegalContacts, LegalPage, PrivacyAddress, type LegalSection } from './legal-page.tsx';
import * as styles from './legal-page.css.ts';

/** How long technical logs are kept; said once so every section quotes the same figure. */
const logDays = 30;

const sections: readonly LegalSection[] = [
  {
    id: 'summary',
    title: 'The short version',
    content: (
      <>
        <p className={styles.callout}>
          Private by design: no ads, no data selling, no trackers, nothing leaves your family.
        </p>
        <p>
          Hearth exists so families can share with each other, not with us or anyone else. We collect what Hearth needs
          to work and nothing more, and we never sell it, rent it or use it for advertising.
        </p>
        <p>
          To be honest about the limits: Hearth is not end-to-end encrypted. What you share is protected on its way to
          our server and is only shown to your family, but the people who run the server can technically read what it
          stores. We look at stored content only when you ask us to (for example to fix a problem you reported), to keep
          Hearth safe from abuse, or when the law requires it.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    content: (
      <>
        <h3>What you give us</h3>
        <ul>
          <li>
            <strong>Your account:</strong> username, email address and password. The password is never stored as you
            typed it, only as an argon2id hash that cannot be turned back into it.
          </li>
          <li>
            <strong>Your profile, if you add to it:</strong> first and last name and a profile photo.
          </li>
          <li>
            <strong>What you share with your family:</strong> posts, comments and reactions, photos and albums, events
            and replies to them, chat messages, and how you are related to the other members.
          </li>
          <li>
            <strong>Your settings:</strong> larger text, and your notification and privacy choices, so they follow you
            to every device.
          </li>
          <li>
            <strong>Messages to us:</strong> what you send through the contact form or the suggestion box, and your
            email address if you sign up for news.
          </li>
        </ul>
        <h3>What your device tells our server</h3>
        <p>
          Like every website, our server sees some technical details each time your device asks it for something: your
          IP address, the address of the page or data requested, the time, and your browser’s description of itself
          (which names your browser and operating system). The server writes these into its logs, which we use only to
          keep Hearth secure (for example to slow down someone guessing passwords) and to fix problems. Logs are kept
          for at most {logDays} days and then deleted.
        </p>
        <h3>What we do not collect</h3>
        <ul>
          <li>
            <strong>Your location.</strong> Hearth never asks for your device’s location. The only places it knows are
            ones you type yourself, such as where an event is held. If a photo you upload carries location data from the
            camera, that is never shown to other members.
          </li>
          <li>
            <strong>How you use the pages.</strong> We do not track which pages you visit or how long you spend on them,
            and we do not build a profile of you. There are no analytics or advertising tools in Hearth.
          </li>
          <li>
            <strong>Your contacts or other apps.</strong> Hearth cannot see your address book, and learns about your
            relatives only when they join.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    content: (
      <>
        <p>We use your information only to:</p>
        <ul>
          <li>
            run Hearth: sign you in, keep your family’s feed, photos, events and chat, and show them to your family;
          </li>
          <li>keep it working on your devices, including offline, and send what you wrote when you are back online;</li>
          <li>protect accounts and the service from abuse, such as password guessing or floods of requests;</li>
          <li>answer you when you write to us, and send the news you asked for.</li>
        </ul>
        <p>We never use it for advertising, never sell it, and never use it to profile you.</p>
      </>
    ),
  },
  {
    id: 'who-sees-it',
    title: 'Who can see it',
    content: (
      <ul>
        <li>
          <strong>Your family:</strong> what you share in a family is seen by the members of that family, and nobody
          else. Your name and profile photo are seen by the members of the families you belong to.
        </li>
        <li>
          <strong>The people who run Hearth:</strong> as explained in the short version, only when needed to help you,
          keep Hearth safe, or follow the law.
        </li>
        <li>
          <strong>Authorities:</strong> only when the law obliges us to, and we will tell you unless the law forbids it.
        </li>
      </ul>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third-party services',
    content: (
      <>
        <p>
          No other company receives your personal data from Hearth. There are no advertising networks, analytics
          services, social media buttons or tracking scripts on any of our pages, and the app loads nothing from other
          websites.
        </p>
        <p>
          The one exception is your choice: if you use <strong>Continue with Google</strong>, Google tells us your name
          and email address so we can sign you in, and Google knows you signed in to Hearth. Google’s own privacy policy
          covers what it does with that. If you sign up with an email and password, Google is not involved at all.
        </p>
      </>
    ),
  },
  {
    id: 'on-your-device',
    title: 'What stays on your device',
    content: (
      <>
        <p>
          So that Hearth opens and works without a connection (on a plane, in a basement), your device keeps a copy of
          your families’ posts, photos and other shared content in its own database, along with anything you wrote that
          has not been sent yet. It also keeps your theme and text size, and who is signed in, so the app can open
          straight away.
        </p>
        <p>
          When you sign out, Hearth deletes that copy from the device. Uninstalling the app or clearing the site’s data
          in your browser removes it too. The <Link to="/cookies">Cookies Policy</Link> lists everything Hearth keeps on
          your device.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <ul>
        <li>
          <strong>Your account and profile:</strong> for as long as you have an account.
        </li>
        <li>
          <strong>What you share:</strong> until you delete it or your account is deleted.
        </li>
        <li>
          <strong>Server logs:</strong> at most {logDays} days.
        </li>
        <li>
          <strong>Contact messages and suggestions:</strong> for as long as we need to answer and act on them, and no
          longer than one year.
        </li>
        <li>
          <strong>News sign-ups:</strong> until you ask us to stop.
        </li>
        <li>
          <strong>Backups:</strong> deleted data can remain in our backups for up to {logDays} days, until they are
          replaced.
        </li>
      </ul>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your choices and deleting your data',
    content: (
      <>
        <ul>
          <li>
            <strong>See or correct your details:</strong> your profile page shows what we hold about you and lets you
            change it.
          </li>
          <li>
            <strong>Get a copy:</strong> ask us and we will send you what you have shared, in a format you can keep.
          </li>
          <li>
            <strong>Delete your account:</strong> ask us, and we will delete your account, your profile and everything
            you shared within 30 days, and confirm when it is done. Things other members wrote stay with their families.
          </li>
          <li>
            <strong>Opt out:</strong> you can stop using Hearth at any time. Signing out or uninstalling the app removes
            your family’s data from that device; deleting your account removes it from our server.
          </li>
          <li>
            <strong>Stop the news:</strong> ask us and we will take your email address off the list.
          </li>
        </ul>
        <p>
          To ask for any of these, use the <Link to="/contact">contact form</Link> and choose Privacy, or write to{' '}
          <PrivacyAddress /> from the email address on your account, so we know the request is really yours.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        Hearth is not for children under {legal.minimumAge}, and they may not create an account. We do not knowingly
        collect information from them. If you believe a child under {legal.minimumAge} has an account, write to{' '}
        <PrivacyAddress /> and we will delete it. Photos of younger children shared by their family are that family’s to
        share: please take care with them.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <ul>
        <li>Everything between your device and our server travels over an encrypted HTTPS connection.</li>
        <li>Passwords are stored only as argon2id hashes, a method built to make stolen hashes hard to crack.</li>
        <li>
          Your sign-in is a random token in a cookie that page scripts cannot read; our database keeps only a hash of
          it, so a copy of the database cannot be used to sign in as you. Changing your password signs out your other
          devices.
        </li>
        <li>Photos and posts are served only to signed-in members of their family.</li>
        <li>Repeated failed sign-ins and floods of requests are slowed down.</li>
      </ul>
    ),
  },
  {
    id: 'consent',
    title: 'Your consent',
    content: (
      <p>
        By creating an account you agree to us handling your information as this policy describes, which is what Hearth
        needs to work. When you send us a message or sign up for news, you agree to us using what you send to answer you
        or to send that news. You can withdraw your consent at any time by deleting your account or asking us to delete
        your message or sign-up; this does not affect what we did before.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        If we change this policy we will publish the new version here with a new effective date, and tell you in the app
        before a significant change applies. We will never start selling data or showing ads: that is not a change this
        policy allows.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <>
        <p>
          Questions, requests or worries about your privacy? Use the <Link to="/contact">contact form</Link>. We
          typically reply within {legal.replyWithinHours} hours on business days.
        </p>
        <LegalContacts />
      </>
    ),
  },
];

/** Privacy Policy (product.md §2 "Static pages"): what Hearth really collects, said plainly. */
export function PrivacyScreen() {
  return (
    <LegalPage
      path="/privacy"
      title="Privacy Policy"
      lead="What Hearth collects, why, who can see it, and how to have it deleted."
      sections={sections}
    />
  );
}
