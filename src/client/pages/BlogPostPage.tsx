import { ArrowLeft, Calendar, Clock } from 'lucide-react';
import { responsiveSrcSet } from '../lib/responsive-image';
import { Link, useParams } from 'wouter';
import { blogPostHref, readingTimeLabel } from '../../shared/blog-publishing';
import { Skeleton } from '../components/ui/Skeleton';
import { formatDate } from '../lib/dates';
import {
  Byline,
  KeepHyphenated,
  PostTags,
  RelatedPosts,
  ShareButtons,
  blogCardStyles as card,
  blogListStyles as list,
  blogPostStyles as styles,
} from '../features/blog';
import { SiteLayout } from '../components/layouts/SiteLayout';
import { trpc } from '../lib/trpc';

export default function BlogPostPage() {
  const { slug } = useParams<{ slug: string }>();
  const valid = slug !== '';
  // A post the server already found missing stays missing: no refetch when the page hydrates.
  const post = trpc.blog.bySlug.useQuery({ slug }, { enabled: valid, retryOnMount: false });

  if (valid && post.isLoading) {
    return (
      <SiteLayout>
        <div className={styles.article} aria-busy="true">
          <Skeleton height="20rem" />
        </div>
      </SiteLayout>
    );
  }

  if (!valid || !post.data) {
    return (
      <SiteLayout>
        <div className={list.empty}>
          <h1>Blog Post Not Found</h1>
          <p>The post you are looking for has been moved or no longer exists.</p>
          <Link href="/blog" className={card.readMore}>
            <ArrowLeft size={16} aria-hidden="true" /> Back to Blog
          </Link>
        </div>
      </SiteLayout>
    );
  }

  const data = post.data;
  return (
    <SiteLayout>
      <article className={styles.article}>
        <Link href="/blog" className={styles.back}>
          <ArrowLeft size={16} aria-hidden="true" /> Back to Blog
        </Link>
        {data.imageUrl ? (
          <img
            src={data.imageUrl}
            srcSet={responsiveSrcSet(data.imageUrl)}
            sizes="(min-width: 46rem) 46rem, 100vw"
            alt=""
            className={styles.heroImage}
            width={1200}
            height={675}
            fetchPriority="high"
          />
        ) : null}
        <div className={card.meta}>
          <span className={card.metaItem}>
            <Calendar size={14} aria-hidden="true" />
            <time dateTime={data.publishedAt ?? undefined}>
              {data.publishedAt ? formatDate(data.publishedAt) : ''}
            </time>
          </span>
          {data.category ? <span className={card.category}>{data.category}</span> : null}
          <span className={card.metaItem}>
            <Clock size={14} aria-hidden="true" />
            {readingTimeLabel(data.readingMinutes)}
          </span>
        </div>
        <h1 className={styles.postTitle}>
          <KeepHyphenated text={data.title} />
        </h1>
        {data.excerpt ? <p className={styles.postExcerpt}>{data.excerpt}</p> : null}
        <div className={styles.byline}>
          <Byline authors={data.authors} />
          <ShareButtons title={data.title} path={blogPostHref(data)} />
        </div>
        {/* Sanitised by the server with an allow-list before it was stored. */}
        <div className={styles.content} dangerouslySetInnerHTML={{ __html: data.content }} />
        <PostTags tags={data.tags} />
      </article>
      <RelatedPosts posts={data.related} />
    </SiteLayout>
  );
}
