import { useId, useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Button, ButtonLink } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ClockIcon, PlayIcon } from '../../../ui/icons.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import { Page, PageHeader } from '../../../ui/page.tsx';
import { useAuth } from '../../account/auth-store.ts';
import { blogPosts, featuredArticles, videos, type BlogPost, type FeaturedArticle, type Video } from './news-content.ts';
import * as styles from './news-screen.css.ts';
import { NewsletterForm } from './newsletter-form.tsx';
import { VideoThumbnail } from './video-thumbnail.tsx';

/** "18 January 2024", read in UTC so the sample dates never slip a day. */
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const viewsFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

function PublishedOn({ date }: { date: string }) {
  return <time dateTime={date}>{dateFormat.format(new Date(`${date}T00:00:00Z`))}</time>;
}

/** News (spec §2): blog posts, tutorial videos, featured articles and the newsletter. */
export function NewsScreen() {
  useDocumentTitle('News');
  const [videoAsked, setVideoAsked] = useState<Video | null>(null);
  const blogTitleId = useId();
  const videosTitleId = useId();
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

      <section aria-labelledby={videosTitleId} className={styles.section}>
        <div className={styles.sectionHeading}>
          <h2 id={videosTitleId} className={styles.sectionTitle}>
            Tutorial videos
          </h2>
          <p className={styles.sectionLead}>Short walk-throughs of the things families do most in Hearth.</p>
        </div>
        <ul className={styles.cardGrid}>
          {videos.map((video) => (
            <li key={video.id}>
              <VideoCard video={video} onPlay={() => setVideoAsked(video)} />
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

      <VideosComingSoon video={videoAsked} onClose={() => setVideoAsked(null)} />
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

function VideoCard({ video, onPlay }: { video: Video; onPlay: () => void }) {
  const titleId = useId();
  return (
    <Card as="section" padding="md" aria-labelledby={titleId} className={styles.videoCard}>
      <button
        type="button"
        className={styles.thumbButton}
        aria-label={`Play ${video.title}, ${video.duration}`}
        onClick={onPlay}
      >
        <VideoThumbnail kind={video.thumbnail} />
        <span className={styles.playBadge}>
          <PlayIcon size="1.25rem" />
        </span>
        <span className={styles.duration}>{video.duration}</span>
      </button>
      <h3 id={titleId} className={styles.cardTitle}>
        {video.title}
      </h3>
      <p className={styles.meta}>
        <span className={styles.metaItem}>
          <ClockIcon size="1em" />
          {video.duration}
        </span>
        <span aria-hidden="true">·</span>
        <span>{viewsFormat.format(video.views)} views</span>
      </p>
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

/** There are no videos to play yet: say so, and offer the next best thing. */
function VideosComingSoon({ video, onClose }: { video: Video | null; onClose: () => void }) {
  const { isAuthenticated } = useAuth();
  return (
    <Dialog
      open={video !== null}
      onClose={onClose}
      title="Videos are coming soon"
      description={video ? `“${video.title}” is still being filmed.` : undefined}
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
      <p className={styles.dialogText}>
        Until our tutorials are ready, the quickest way to learn Hearth is to try it: it takes a minute to create your
        family circle, and everything can be changed later.
      </p>
    </Dialog>
  );
}
