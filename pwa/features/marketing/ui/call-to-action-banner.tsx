import { useId, type ReactNode } from 'react';
import { actionsCentered } from './layout.css.ts';
import * as styles from './call-to-action-banner.css.ts';

type CallToActionBannerProps = {
  title: ReactNode;
  text?: ReactNode;
  /** Buttons: ButtonLink to="/signup", a Button that opens the download popup… */
  actions: ReactNode;
  /** h2 when the banner is a band of its own, h3 inside a MarketingSection. */
  headingLevel?: 2 | 3;
  /** An anchor for links to the banner. */
  id?: string;
};

/** A warm, tinted box that asks for one thing, usually at the end of a page. */
export function CallToActionBanner({ title, text, actions, headingLevel = 2, id }: CallToActionBannerProps) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section id={id} aria-labelledby={titleId} className={styles.banner}>
      <Heading id={titleId} className={styles.title}>
        {title}
      </Heading>
      {text ? <p className={styles.text}>{text}</p> : null}
      <div className={`${actionsCentered} ${styles.actionsRow}`}>{actions}</div>
    </section>
  );
}
