import type { PagePrefetch } from '../lib/page-prefetch';
import { authorHref, blogPostHref } from '../../shared/blog-publishing';
import { BLOG_AUTHOR_LABEL } from '../../shared/blog';
import { BUSINESS } from '../../shared/business';
import { absoluteUrl, siteTitle } from '../../shared/page-meta';
import { PAGE_ROUTES } from '../../shared/routes';

/** The post, its own title and card, and the post as a schema.org BlogPosting. */
export const prefetch: PagePrefetch = async ({ trpc, params, publicUrl }) => {
  const slug = params.slug ?? '';
  const post = slug ? await trpc.blog.bySlug.fetch({ slug }).catch(() => null) : null;
  // The failed query stays in the cache too, so the page renders its not-found state on the server.
  if (!post) return { notFound: true };
  const { seo } = post;
  const address = `${publicUrl}${blogPostHref(post)}`;
  return {
    type: 'article',
    meta: {
      title: siteTitle(seo.title),
      description: seo.description || PAGE_ROUTES.blogPost.meta.description,
    },
    // An old address (an earlier slug) shows the post under its current one.
    canonicalPath: blogPostHref(post),
    ...(seo.canonicalUrl ? { canonicalUrl: seo.canonicalUrl } : {}),
    ...(seo.noIndex ? { noIndex: true } : {}),
    social: {
      title: seo.title,
      description: seo.socialDescription || PAGE_ROUTES.blogPost.meta.description,
    },
    ...(seo.socialImageUrl ? { image: seo.socialImageUrl } : {}),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: seo.description,
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        ...(post.imageUrl ? { image: absoluteUrl(publicUrl, post.imageUrl) } : {}),
        // The people who wrote it, each with their page; the team when the blog has no staff yet.
        author:
          post.authors.length > 0
            ? post.authors.map((a) => ({
                '@type': 'Person',
                name: a.name,
                url: `${publicUrl}${authorHref(a.slug)}`,
                ...(a.photoUrl ? { image: absoluteUrl(publicUrl, a.photoUrl) } : {}),
              }))
            : { '@type': 'Organization', name: BLOG_AUTHOR_LABEL, url: publicUrl },
        publisher: {
          '@type': 'Organization',
          name: BUSINESS.name,
          logo: { '@type': 'ImageObject', url: `${publicUrl}/favicon.svg` },
        },
        ...(post.tags.length > 0 ? { keywords: post.tags.map((t) => t.name).join(', ') } : {}),
        url: address,
        mainEntityOfPage: seo.canonicalUrl ?? address,
      },
    ],
  };
};
