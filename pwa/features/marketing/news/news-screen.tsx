import { useId, useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ClockIcon } from '../../../ui/icons.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Page, PageHeader } from '../../../ui/page.tsx';
import { useAuth } from '../../account/auth-store.ts';
import { blogPosts, featuredArticles, tutorials, type BlogPost, type FeaturedArticle, type Tutorial } from './news-content.ts';
import * as styles from './news-screen.css.ts';
import { NewsletterForm } from './newsletter-form.tsx';
import { TutorialCover } from './tutorial-cover.tsx';

/** "18 January 2024", read in UTC so the sample dates never slip a day. */
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function PublishedOn({ date }: { date: string }) {
  return <time dateTime={date}>{dateFormat.format(new Date(`${date}T00:00:00Z`))}</time>;
}

/**
 * News (product.md §2): blog posts, tutorials (written, step by step: news-content.ts), featured articles, the
 * newsletter.
 */
export function NewsScreen() {
  useDocumentTitle('News');
  const [tutorialOpen, setTutorialOpen] = useState<Tutorial | null>(null);
  const blogTitleId = useId();
  const tutorialsTitleId = useId();
  const featuredTitleId = useId();

  return (
    <Page width="wide">
      <PageHeader
        title="News & Stories"
        lead="Ideas, tips and tutorials for families who want to stay close, wherever everyone lives."
      />

      <section aria-labelledby={blogTitleId} className={styles.section}>
        <h2 id={blogTitleId} className={styles.sectionTitle}>
          From the blog
        </h2>
        <ul className={styles.cardGrid}>
          {blogPosts.map((post) => (
            <li key={post.id}>
              <BlogPostCard post={post} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={tutorialsTitleId} className={styles.section}>
        <div className={styles.sectionHeading}>
          <h2 id={tutorialsTitleId} className={styles.sectionTitle}>
            Tutorials
          </h2>
          <p className={styles.sectionLead}>Short walk-throughs of the things families do most in Hearth, step by step.</p>
        </div>
        <ul className={styles.cardGrid}>
          {tutorials.map((tutorial) => (
            <li key={tutorial.id}>
              <TutorialCard tutorial={tutorial} onOpen={() => setTutorialOpen(tutorial)} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={featuredTitleId} className={styles.section}>
        <h2 id={featuredTitleId} className={styles.sectionTitle}>
          Featured articles
        </h2>
        <ul className={styles.featuredList}>
          {featuredArticles.map((article) => (
            <li key={article.id}>
              <FeaturedArticleCard article={article} />
            </li>
          ))}
        </ul>
      </section>

      <Card as="div" className={styles.newsletterCard}>
        <NewsletterForm />
      </Card>

      <TutorialSteps tutorial={tutorialOpen} onClose={() => setTutorialOpen(null)} />
    </Page>
  );
}

function BlogPostCard({ post }: { post: BlogPost }) {
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  return (
    <Card as="section" padding="md" aria-labelledby={titleId} className={styles.postCard}>
      <p className={styles.badge}>{post.category}</p>
      <h3 id={titleId} className={styles.cardTitle}>
        {post.title}
      </h3>
      <p className={styles.meta}>
        <PublishedOn date={post.date} />
        <span aria-hidden="true">·</span>
        <span className={styles.metaItem}>
          <ClockIcon size="1em" />
          {post.readTime} min read
        </span>
      </p>
      <p className={styles.excerpt}>{post.excerpt}</p>
      <details className={styles.more} onToggle={(event) => setExpanded(event.currentTarget.open)}>
        <summary className={styles.moreToggle}>{expanded ? 'Show less' : 'Read more'}</summary>
        <div className={styles.moreBody}>
          {post.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </details>
    </Card>
  );
}

function TutorialCard({ tutorial, onOpen }: { tutorial: Tutorial; onOpen: () => void }) {
  const titleId = useId();
  return (
    <Card as="section" padding="md" aria-labelledby={titleId} className={styles.tutorialCard}>
      <TutorialCover kind={tutorial.thumbnail} />
      <h3 id={titleId} className={styles.cardTitle}>
        {tutorial.title}
      </h3>
      <p className={styles.meta}>
        <span className={styles.metaItem}>
          <ClockIcon size="1em" />
          {tutorial.minutes} min
        </span>
        <span aria-hidden="true">·</span>
        <span>{tutorial.steps.length} steps</span>
      </p>
      <Button variant="secondary" aria-haspopup="dialog" aria-describedby={titleId} onClick={onOpen}>
        Read the steps
      </Button>
    </Card>
  );
}

function FeaturedArticleCard({ article }: { article: FeaturedArticle }) {
  const titleId = useId();
  return (
    <Card as="section" padding="md" aria-labelledby={titleId} className={styles.featuredCard}>
      <p className={styles.badge}>{article.type}</p>
      <div className={styles.featuredText}>
        <h3 id={titleId} className={styles.cardTitle}>
          {article.title}
        </h3>
        <p className={styles.meta}>
          <span>{article.source}</span>
          <span aria-hidden="true">·</span>
          <PublishedOn date={article.date} />
        </p>
        <p className={styles.excerpt}>{article.summary}</p>
      </div>
    </Card>
  );
}

/** A tutorial's steps, numbered, with the way to try them. */
function TutorialSteps({ tutorial, onClose }: { tutorial: Tutorial | null; onClose: () => void }) {
  const { isAuthenticated } = useAuth();
  return (
    <Dialog
      open={tutorial !== null}
      onClose={onClose}
      title={tutorial?.title ?? ''}
      description={tutorial ? `${tutorial.steps.length} steps, about ${tutorial.minutes} minutes.` : undefined}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          {isAuthenticated ? (
            <ButtonLink to="/">Go to Your Family</ButtonLink>
          ) : (
            <ButtonLink to="/signup">Create Your Family Circle</ButtonLink>
          )}
        </>
      }
    >
      <ol className={styles.steps}>
        {tutorial?.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Dialog>
  );
}
