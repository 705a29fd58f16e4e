import { ArrowLeft, Rss, UserRound } from 'lucide-react';
import { Link, useParams, useSearch } from 'wouter';
import { parseBlogSearch } from '../../shared/blog';
import { authorFeedHref, authorHref, postCountText } from '../../shared/blog-publishing';
import { SiteLayout } from '../components/layouts/SiteLayout';
import { PostCards, blogListStyles as styles, blogPostStyles as postStyles } from '../features/blog';
import { trpc } from '../lib/trpc';
import { NotFound } from '../components/layouts/NotFound';

/** /author/<slug>: who an author is (photo, name, bio) and their published posts, paged as /blog is. */
export default function AuthorPage() {
  const { slug } = useParams<{ slug: string }>();
  const wanted = parseBlogSearch(useSearch());
  const page = wanted?.page ?? 1;
  const found = trpc.blog.authorPage.useQuery(
    { slug, page },
    { enabled: wanted !== null, retryOnMount: false },
  );
  const pages = found.data ? Math.max(1, Math.ceil(found.data.total / found.data.pageSize)) : 1;
  if (!wanted || found.isError || (found.data && page > pages)) return <NotFound />;
  const author = found.data?.author;
  return (
    <SiteLayout>
      <div className={styles.page}>
        <header className={styles.intro}>
          <Link href="/blog" className={postStyles.back}>
            <ArrowLeft size={16} aria-hidden="true" /> Back to Blog
          </Link>
          {author?.photoUrl ? (
            <img src={author.photoUrl} alt="" width={112} height={112} className={styles.authorPhoto} />
          ) : (
            <span className={styles.authorPhoto} aria-hidden="true">
              <UserRound size={48} />
            </span>
          )}
          <h1 className={styles.title}>{author ? author.name : 'Posts by author'}</h1>
          {author?.bio ? <p className={styles.lead}>{author.bio}</p> : null}
          {found.data && author ? (
            <p className={styles.tagFacts}>
              <span data-testid="author-post-count">{postCountText(found.data.total)}</span>
              {/* A plain link, not the router's: the feed is XML the server answers, not a page. */}
              <a href={authorFeedHref(author.slug)} className={styles.feedLink}>
                <Rss size={16} aria-hidden="true" /> RSS feed of {author.name}’s posts
              </a>
            </p>
          ) : null}
        </header>
        {author ? <h2 className="visually-hidden">Posts by {author.name}</h2> : null}
        <PostCards posts={found.data?.items} page={page} pages={pages} href={(p) => authorHref(slug, p)} />
      </div>
    </SiteLayout>
  );
}
