import { authorHref, blogPostHref, blogTagHref } from '../../../shared/blog-publishing';
import type { DomainModule } from '../../domain-module';
import {
  blogGoOutJobs,
  countPublishedPosts,
  forgetBlogMemory,
  listPublishedPostDates,
  listVisibleAuthorSlugs,
  listVisibleTagSlugs,
  movedAuthorPages,
  movedPostPages,
  movedTagPages,
  nextScheduledChange,
} from './index';
import { blogRouter } from './router';
import { feedRoutes } from './routes/feeds';
import { feedDocs } from './routes/feeds.docs';
import { blogSeeds } from './seed';

/**
 * What the blog registers: its procedures, its RSS feeds, the e-mails of editorial review, its first posts, the job that publishes
 * scheduled posts, its tags and posts in the sitemap, when the cached pages change by themselves, and its moved pages.
 */
export const blogModule = {
  namespaces: { blog: blogRouter },
  routes: (deps) => [feedRoutes(deps)],
  // Editorial review's e-mails (review.ts): to the editors, and back to the writer.
  mailKinds: [{ kind: 'post_submitted' }, { kind: 'post_returned' }],
  routeDocs: feedDocs,
  seeds: blogSeeds,
  scheduledJobs: (deps, { log }) => [
    blogGoOutJobs({
      db: deps.db,
      clock: deps.clock,
      log,
      ...(deps.sharedState ? { announce: () => deps.sharedState!.cache.publish() } : {}),
    }),
  ],
  sitemap: {
    // A blog has far fewer tags and authors than posts: listed with the public pages.
    fixed: async (db) => [
      ...(await listVisibleTagSlugs(db)).map((slug) => blogTagHref(slug)),
      ...(await listVisibleAuthorSlugs(db, true)).map((slug) => authorHref(slug)),
    ],
    paged: {
      count: countPublishedPosts,
      list: async (db, offset, limit) =>
        (await listPublishedPostDates(db, offset, limit)).map((post) => ({
          path: blogPostHref(post),
          lastmod: post.updatedAt,
        })),
    },
  },
  cache: { nextChange: nextScheduledChange, onEmpty: forgetBlogMemory },
  movedPages: (db) => [movedPostPages(db), movedTagPages(db), movedAuthorPages(db)],
} satisfies DomainModule;
