import { ArrowLeft, Rss } from 'lucide-react';
import { Link, useParams, useSearch } from 'wouter';
import { parseBlogSearch } from '../../shared/blog';
import { blogTagFeedHref, blogTagHref, postCountText } from '../../shared/blog-publishing';
import { SiteLayout } from '../components/layouts/SiteLayout';
import { PostCards, blogListStyles as styles, blogPostStyles as postStyles } from '../features/blog';
import { trpc } from '../lib/trpc';
import { NotFound } from '../components/layouts/NotFound';

/** /blog/tag/<slug>: the published posts of one tag, newest first, paged as /blog is. */
export default function BlogTagPage() {
  const { slug } = useParams<{ slug: string }>();
  const wanted = parseBlogSearch(useSearch());
  const page = wanted?.page ?? 1;
  const posts = trpc.blog.tagPage.useQuery({ slug, page }, { enabled: wanted !== null, retryOnMount: false });
  const pages = posts.data ? Math.max(1, Math.ceil(posts.data.total / posts.data.pageSize)) : 1;
  if (!wanted || posts.isError || (posts.data && page > pages)) return <NotFound />;
  return (
    <SiteLayout>
      <div className={styles.page}>
        <header className={styles.intro}>
          <Link href="/blog" className={postStyles.back}>
            <ArrowLeft size={16} aria-hidden="true" /> Back to Blog
          </Link>
          <h1 className={styles.title}>
            {posts.data ? `Posts tagged ${posts.data.tag.name}` : 'Posts by tag'}
          </h1>
          {posts.data?.tag.description ? <p className={styles.lead}>{posts.data.tag.description}</p> : null}
          {posts.data ? (
            <p className={styles.tagFacts}>
              <span data-testid="tag-post-count">{postCountText(posts.data.total)}</span>
              {/* A plain link, not the router's: the feed is XML the server answers, not a page. */}
              <a href={blogTagFeedHref(posts.data.tag.slug)} className={styles.feedLink}>
                <Rss size={16} aria-hidden="true" /> RSS feed of this tag
              </a>
            </p>
          ) : null}
        </header>
        <PostCards
          posts={posts.data?.items}
          page={page}
          pages={pages}
          href={(p) => blogTagHref(slug, p)}
          empty={
            <div className={styles.empty}>
              <h2>No posts with this tag yet</h2>
              <p>Please check back soon, or read the other posts on the blog.</p>
            </div>
          }
        />
      </div>
    </SiteLayout>
  );
}
