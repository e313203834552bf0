import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { HearthMark } from '../../../ui/icons.tsx';
import { visuallyHidden } from '../../../ui/visually-hidden.css.ts';
import { openDownloadPopup } from '../download-popup/open-download-popup.ts';
import { Badge } from '../ui/badge.tsx';
import { BenefitList, type Benefit } from '../ui/benefit-list.tsx';
import { FeatureGrid, type Feature } from '../ui/feature-grid.tsx';
import { container } from '../ui/layout.css.ts';
import { MarketingSection } from '../ui/marketing-section.tsx';
import { PageHero } from '../ui/page-hero.tsx';
import { privacyPromise } from '../ui/privacy-promise.ts';
import { SiteLink } from '../ui/site-link.tsx';
import { EarlyAccessForm } from './early-access-form.tsx';
import { FamilyCarousel } from './family-carousel.tsx';
import type { LandingDialog } from './landing-dialogs.tsx';
import * as styles from './landing-page.css.ts';
import { MemoryRows } from './memory-rows.tsx';
import heroArt from '../art/hero-family.svg?inline';

const LandingDialogs = lazy(() =>
  import('./landing-dialogs.tsx').then(({ LandingDialogs }) => ({ default: LandingDialogs })),
);

const features: readonly Feature[] = [
  {
    title: 'Photo Sharing',
    text: 'Albums for every birthday, holiday and ordinary Tuesday, seen only by your family.',
    image: '/art/feature-photos.svg',
    href: '/photo-sharing',
  },
  {
    title: 'Family Chat Room',
    text: 'One calm conversation for everyone, from the grandparents to the grandchildren.',
    image: '/art/feature-chat.svg',
    href: '/family-chat-room',
  },
  {
    title: 'Family Calendar',
    text: 'Birthdays, visits and Sunday lunches in one shared calendar, with replies so you know who is coming.',
    image: '/art/feature-calendar.svg',
    href: '/family-calendar',
  },
  {
    title: 'Family Tree Builder',
    text: 'See how everyone is related, and keep the stories that belong with the names.',
    image: '/art/feature-tree.svg',
    href: '/family-tree-builder',
  },
  {
    title: 'Family Outings',
    text: 'Plan picnics, trips and get-togethers together, then share the photos afterwards.',
    image: '/art/feature-outings.svg',
    href: '/family-outings',
  },
  {
    title: 'Private by Design',
    text: 'No ads, no data selling, no trackers. Nothing leaves your family.',
    icon: <HearthMark size="2.25rem" />,
  },
];

const testimonials = [
  {
    quote: "I see my grandchildren's drawings the day they make them now, not months later at Christmas.",
    name: 'Margaret',
    role: 'Grandmother of five',
  },
  {
    quote: 'Our family news used to be spread over four apps. Now my dad and my teenagers are in the same place.',
    name: 'Daniel',
    role: 'Father of three',
  },
  {
    quote: "It's calm. No adverts, no strangers, just us. That's exactly what we were looking for.",
    name: 'Amara',
    role: 'Aunt and family organiser',
  },
] as const;

const values: readonly Benefit[] = [
  {
    title: 'Private by design',
    text: 'No ads, no data selling, no trackers. What you share stays with the people you share it with.',
  },
  {
    title: 'Made for every age',
    text: 'Big, clear buttons, a Larger text setting and nothing flashing for attention.',
  },
  {
    title: 'Works on a weak signal',
    text: "Your family's news is kept on your device, so Hearth opens on a train, a plane or far out in the country.",
  },
];

/**
 * Hearth's front door for visitors (product.md §2, §4): what it is, how it feels, how to start, and a way to hear when
 * the store apps arrive. One h1 (the hero), an h2 per section.
 */
export function LandingPage() {
  useDocumentTitle('A private home for your family');
  const [dialog, setDialog] = useState<LandingDialog | null>(null);
  const [dialogsWanted, setDialogsWanted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  function openDialog(which: LandingDialog) {
    setDialogsWanted(true);
    setDialog(which);
  }

  function goToEarlyAccess() {
    setDialog(null);
    // After the dialog has handed focus back to its opener, move it on to the email field.
    window.setTimeout(() => emailRef.current?.focus(), 0);
  }

  return (
    <>
      <PageHero
        eyebrow="For families across generations"
        title="A warm home online for your whole family"
        lead="Share photos, plan get-togethers and keep up with each other's news, from the youngest to the oldest, in one calm place that belongs only to your family."
        actions={
          <>
            <ButtonLink to="/signup">Create Your Family Circle</ButtonLink>
            <Button variant="secondary" onClick={openDownloadPopup}>
              Download the App
            </Button>
          </>
        }
        note={`${privacyPromise} Free to use.`}
        image={{ src: heroArt, width: 560, height: 440 }}
      />

      <MarketingSection
        title="Real Families, Real Connections"
        lead="However far apart you live, Hearth keeps everyone close to the everyday moments."
        tone="tinted"
      >
        <FamilyCarousel />
      </MarketingSection>

      <MemoryRows />

      <MarketingSection
        id="features"
        title="Key Features"
        lead="Everything your family shares, in one private place."
        tone="tinted"
      >
        <FeatureGrid features={features} columns={3} />
      </MarketingSection>

      <MarketingSection id="how-it-works" title="How It Works" lead="Three steps, and your family has a home online.">
        <ol className={styles.steps}>
          <Step
            number={1}
            title="Download Hearth"
            action={
              <Button variant="secondary" onClick={openDownloadPopup}>
                Download the App
              </Button>
            }
          >
            Add Hearth to your home screen in a couple of taps. It works on phones, tablets and computers.
          </Step>
          <Step
            number={2}
            title="Create your family circle"
            action={
              <Button variant="secondary" onClick={() => openDialog('invitation')}>
                See an Invitation Link
              </Button>
            }
          >
            Give your family a name, then invite the people who belong in it with a private link.
          </Step>
          <Step number={3} title="Start sharing">
            Post the first photo, plan the next get-together and watch the family news come in.
          </Step>
        </ol>
        <div className={styles.centeredAction}>
          <ButtonLink to="/signup">Create Your Family Circle</ButtonLink>
        </div>
      </MarketingSection>

      <MarketingSection title="What Families Say" tone="tinted">
        <ul className={styles.testimonials}>
          {testimonials.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className={styles.testimonial}>
                <FiveStars />
                <blockquote className={styles.quote}>
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className={styles.quoteBy}>
                  <span className={styles.initialsBadge} aria-hidden="true">
                    {testimonial.name[0]}
                  </span>
                  <span>
                    <span className={styles.quoteName}>{testimonial.name}</span>
                    <span className={styles.quoteRole}>{testimonial.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </MarketingSection>

      <MarketingSection
        id="about"
        title="About Hearth"
        lead="Hearth is a private home online for families: one place for photos, plans, news and conversations, calm enough for every generation to feel at home in it."
      >
        <BenefitList items={values} columns={3} />
      </MarketingSection>

      <MarketingSection id="story" title="Our Story" tone="tinted">
        <div className={styles.split}>
          <div className={styles.prose}>
            <p>
              Hearth began with a simple wish: that a grandmother could see this morning's photos without joining a
              social network, scrolling past adverts or learning a complicated app.
            </p>
            <p>
              So we built a quiet place just for families. No feeds tuned to keep you scrolling, no strangers, nothing
              for sale. Just the people you love and the moments you want to keep.
            </p>
            <p>
              Hearth is still young, and families shape what comes next.{' '}
              <SiteLink href="/contact" className={styles.inlineLink}>
                Tell us what yours needs
              </SiteLink>
              : we read every message.
            </p>
          </div>
          <img src="/art/memory-07.svg" alt="" width={240} height={180} loading="lazy" className={styles.storyImage} />
        </div>
      </MarketingSection>

      <MarketingSection
        title="Launch Timeline"
        lead="Hearth works in your browser today. Apps for the App Store and Google Play are on their way."
      >
        <ol className={styles.timeline}>
          <li className={styles.milestone}>
            <p className={styles.milestoneWhen}>
              Today <Badge tone="now">Available now</Badge>
            </p>
            <h3 className={styles.milestoneTitle}>Hearth on the web</h3>
            <p className={styles.milestoneText}>
              Use Hearth in any modern browser, and add it to your home screen to open it like an app.
            </p>
            <Button variant="secondary" className={styles.stepAction} onClick={openDownloadPopup}>
              Add to Home Screen
            </Button>
          </li>
          <li className={`${styles.milestone} ${styles.milestoneSoon}`}>
            <p className={styles.milestoneWhen}>
              Next <Badge>Coming Soon</Badge>
            </p>
            <h3 className={styles.milestoneTitle}>iOS app</h3>
            <p className={styles.milestoneText}>Hearth for iPhone and iPad, from the App Store.</p>
            <Button variant="secondary" className={styles.stepAction} onClick={() => openDialog('launching-soon')}>
              About the iOS App
            </Button>
          </li>
          <li className={`${styles.milestone} ${styles.milestoneSoon}`}>
            <p className={styles.milestoneWhen}>
              Next <Badge>Coming Soon</Badge>
            </p>
            <h3 className={styles.milestoneTitle}>Android app</h3>
            <p className={styles.milestoneText}>Hearth for Android phones and tablets, from Google Play.</p>
            <Button variant="secondary" className={styles.stepAction} onClick={() => openDialog('launching-soon')}>
              About the Android App
            </Button>
          </li>
        </ol>
      </MarketingSection>

      <section id="stay-updated" aria-labelledby="stay-updated-title" className={styles.stayUpdatedBand}>
        <div className={container}>
          <div className={styles.stayUpdated}>
            <div className={styles.stayUpdatedText}>
              <h2 id="stay-updated-title" className={styles.stayUpdatedTitle}>
                Stay Updated
              </h2>
              <p className={styles.milestoneText}>
                Leave your email and we'll tell you when the iOS and Android apps launch. We use your address for
                that and nothing else.
              </p>
            </div>
            <EarlyAccessForm inputRef={emailRef} onSignedUp={() => openDialog('thank-you')} />
          </div>
        </div>
      </section>

      {dialogsWanted ? (
        <Suspense fallback={null}>
          <LandingDialogs open={dialog} onClose={() => setDialog(null)} onNotifyMe={goToEarlyAccess} />
        </Suspense>
      ) : null}
    </>
  );
}

type StepProps = { number: number; title: string; children: ReactNode; action?: ReactNode };

function Step({ number, title, children, action }: StepProps) {
  return (
    <li className={styles.step}>
      <span className={styles.stepNumber} aria-hidden="true">
        {number}
      </span>
      <h3 className={styles.stepTitle}>
        <span className={visuallyHidden}>Step {number}: </span>
        {title}
      </h3>
      <p className={styles.stepText}>{children}</p>
      {action ? <div className={styles.stepAction}>{action}</div> : null}
    </li>
  );
}

/** Five filled stars, read as one phrase. */
function FiveStars() {
  return (
    <p className={styles.stars} role="img" aria-label="5 out of 5 stars">
      {[0, 1, 2, 3, 4].map((star) => (
        <svg key={star} viewBox="0 0 24 24" width="1.25rem" height="1.25rem" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z"
          />
        </svg>
      ))}
    </p>
  );
}
