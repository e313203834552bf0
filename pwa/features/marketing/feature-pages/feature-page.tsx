import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import { ArrowRightIcon } from '../../../ui/icons.tsx';
import { useAuth } from '../../account/auth-store.ts';
import { Badge } from '../ui/badge.tsx';
import { BenefitList, type Benefit } from '../ui/benefit-list.tsx';
import { CallToActionBanner } from '../ui/call-to-action-banner.tsx';
import { FeatureGrid, type Feature } from '../ui/feature-grid.tsx';
import { container } from '../ui/layout.css.ts';
import { MarketingSection } from '../ui/marketing-section.tsx';
import { PageHero } from '../ui/page-hero.tsx';
import { privacyPromise } from '../ui/privacy-promise.ts';
import { ArrowLeftIcon } from './feature-icons.tsx';
import * as styles from './feature-page.css.ts';

/** Every hero picture is drawn on the same 560 × 440 canvas (features/marketing/art/). */
const heroArtSize = { width: 560, height: 440 } as const;

export type FeaturePageContent = {
  /** The browser tab's name: "Photo Sharing · Hearth". */
  documentTitle: string;
  hero: {
    /** The page's one h1. */
    title: string;
    lead: ReactNode;
    /** A decorative drawing from features/marketing/art/, imported inline (see HeroImage). */
    art: string;
  };
  /** The four feature cards (product.md §2), under an h2. */
  features: { title: string; lead?: ReactNode; items: readonly Feature[] };
  /** A band of its own between the cards and the list (the Family Outings generations banner). */
  interlude?: ReactNode;
  /** The spec's benefits or bullets, on a tinted band (a plain one after an interlude, which is a band itself). */
  list?: { title: string; lead?: ReactNode; items: readonly Benefit[]; columns?: 2 | 3 };
  /** The closing banner with the page's one main button (Start Planning, Join the Family…). */
  closing: { id: string; title: string; text: ReactNode; action: ReactNode };
};

/**
 * The skeleton the feature pages share (product.md §2, "Static pages"): hero → feature cards → [interlude] → benefits or
 * bullets → one closing call to action → Back to Home. Each page file is then mostly its words.
 *
 * Every feature these pages describe is in the app today, so each hero says so.
 */
export function FeaturePage({ documentTitle, hero, features, interlude, list, closing }: FeaturePageContent) {
  useDocumentTitle(documentTitle);
  return (
    <>
      <PageHero
        eyebrow={<Badge tone="now">Available now</Badge>}
        title={hero.title}
        lead={hero.lead}
        note={privacyPromise}
        image={{ src: hero.art, ...heroArtSize }}
      />

      <MarketingSection id="features" title={features.title} lead={features.lead}>
        <FeatureGrid features={features.items} columns={4} />
      </MarketingSection>

      {interlude}

      {list ? (
        <MarketingSection tone={interlude ? 'plain' : 'tinted'} title={list.title} lead={list.lead}>
          <BenefitList items={list.items} columns={list.columns ?? 2} />
        </MarketingSection>
      ) : null}

      <div className={`${container} ${styles.closing}`}>
        <CallToActionBanner id={closing.id} title={closing.title} text={closing.text} actions={closing.action} />
        <div className={styles.backHome}>
          <ButtonLink to="/" variant="ghost">
            <ArrowLeftIcon />
            Back to Home
          </ButtonLink>
        </div>
      </div>
    </>
  );
}

/**
 * A button the spec gives no action (Start Planning, Join the Family…): it leads to signing up,
 * or, for someone already signed in, to their family's home.
 */
export function StartButton({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  return (
    <ButtonLink to={isAuthenticated ? '/' : '/signup'}>
      {children}
      <ArrowRightIcon />
    </ButtonLink>
  );
}
