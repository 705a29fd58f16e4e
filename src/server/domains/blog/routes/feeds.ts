import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  authorFeedHref,
  authorHref,
  blogPostHref,
  blogTagFeedHref,
  blogTagHref,
} from '../../../../shared/blog-publishing';
import { BUSINESS } from '../../../../shared/business';
import { PAGE_ROUTES } from '../../../../shared/routes';
import type { AppDeps } from '../../../deps';
import { escapeXml as xml } from '../../../platform/escape';
import { sendApiError } from '../../../web/http/api-errors';
import { movedAuthorSlug, movedTagSlug } from '../memory';
import { listPublishedPage } from '../post-lists';
import { listTagFeed } from '../tag-pages';
import { bylinesOf, listAuthorFeed } from '../authors';
import type { PostRow } from '../tables';

/**
 * The blog's RSS feeds at the site's root: /rss.xml (the latest posts) and one per tag. The same for
 * every reader until a write, so the response cache keeps them, by path (a query string is ignored,
 * so one entry each); they are never pages, so they carry the API's headers.
 */
export function feedRoutes(deps: AppDeps) {
  return async function feeds(app: FastifyInstance): Promise<void> {
    const publicRead = { config: { publicRead: true, notADocument: true } };
    const base = deps.config.publicUrl;

    const feed = async (
      reply: FastifyReply,
      posts: Array<{
        id: number;
        slug: string;
        title: string;
        excerpt: string;
        category: string;
        publishedAt: string | null;
        createdAt: string;
      }>,
      channel: { title: string; link: string; self: string; description?: string },
    ) => {
      const bylines = await bylinesOf(
        deps.db,
        posts.map((post) => post.id),
      );
      const items = posts.map((post) =>
        [
          '    <item>',
          `      <title>${xml(post.title)}</title>`,
          `      <link>${xml(base + blogPostHref(post))}</link>`,
          // Who wrote it: RSS's own <author> is an e-mail address, which is not ours to publish.
          ...(bylines.get(post.id) ?? []).map((a) => `      <dc:creator>${xml(a.name)}</dc:creator>`),
          // The number address, which never changes (a renamed post is not a new item to a reader)
          // and still leads to the post through its 301.
          `      <guid isPermaLink="true">${xml(`${base}/blog/${post.id}`)}</guid>`,
          `      <pubDate>${new Date(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>`,
          post.category ? `      <category>${xml(post.category)}</category>` : '',
          `      <description>${xml(post.excerpt)}</description>`,
          '    </item>',
        ]
          .filter(Boolean)
          .join('\n'),
      );
      const body = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
        '  <channel>',
        `    <title>${xml(channel.title)}</title>`,
        `    <link>${xml(channel.link)}</link>`,
        `    <description>${xml(channel.description || PAGE_ROUTES.blog.meta.description)}</description>`,
        '    <language>en-gb</language>',
        `    <atom:link href="${xml(channel.self)}" rel="self" type="application/rss+xml" />`,
        ...items,
        '  </channel>',
        '</rss>',
        '',
      ].join('\n');
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=600')
        .send(body);
    };

    app.get('/rss.xml', publicRead, async (_req, reply) => {
      const { items: posts } = await listPublishedPage(deps.db, { page: 1, pageSize: 50 });
      return feed(reply, posts, {
        title: `${BUSINESS.name} blog`,
        link: `${base}/blog`,
        self: `${base}/rss.xml`,
      });
    });

    // One feed per tag, for readers who follow a town or a subject.
    app.get<{ Params: { slug: string } }>('/blog/tag/:slug/rss.xml', publicRead, async (req, reply) => {
      const slug = req.params.slug.slice(0, 200);
      const found = await listTagFeed(deps.db, slug, 50);
      if (!found) {
        // A tag's earlier address (a merge, a change of the slug rules) moves its feed with its page.
        const moved = await movedTagSlug(deps.db, slug);
        if (moved) return reply.redirect(blogTagFeedHref(moved), 301);
        return sendApiError(reply, 404, 'No such tag');
      }
      return feed(reply, found.rows.map(feedPost), {
        title: `${BUSINESS.name} blog: ${found.tag.name}`,
        link: base + blogTagHref(found.tag.slug),
        self: base + blogTagFeedHref(found.tag.slug),
        description: found.tag.description,
      });
    });

    // One feed per author, for readers who follow a writer.
    app.get<{ Params: { slug: string } }>('/author/:slug/rss.xml', publicRead, async (req, reply) => {
      const slug = req.params.slug.slice(0, 200);
      const found = await listAuthorFeed(deps.db, slug, 50);
      if (!found) {
        // An author's earlier address (changed in their profile) moves their feed with their page.
        const moved = await movedAuthorSlug(deps.db, slug);
        if (moved) return reply.redirect(authorFeedHref(moved), 301);
        return sendApiError(reply, 404, 'No such author');
      }
      return feed(reply, found.rows.map(feedPost), {
        title: `${BUSINESS.name} blog: ${found.author.name}`,
        link: base + authorHref(found.author.slug),
        self: base + authorFeedHref(found.author.slug),
        description: found.author.bio || `Posts by ${found.author.name} on the ${BUSINESS.name} blog.`,
      });
    });
  };
}

/** A stored post as a feed's item reads it. */
function feedPost(r: PostRow) {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    category: r.category,
    publishedAt: r.publishedAt ? r.publishedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}
