import type { PagePrefetch } from '../lib/page-prefetch';
import { BUSINESS } from '../../shared/business';
import { siteTitle } from '../../shared/page-meta';
import { PAGE_ROUTES } from '../../shared/routes';

/** The post, its own title and card, and the post as a schema.org BlogPosting. */
export const prefetch: PagePrefetch = async ({ trpc, path, params, publicUrl }) => {
  const id = Number(params.id);
  const post =
    Number.isSafeInteger(id) && id > 0 ? await trpc.blog.get.fetch({ id }).catch(() => null) : null;
  // The failed query stays in the cache too, so the page renders its not-found state on the server.
  if (!post) return { notFound: true };
  return {
    type: 'article',
    meta: {
      title: siteTitle(post.title),
      description: post.excerpt || PAGE_ROUTES.blogPost.meta.description,
    },
    ...(post.imageUrl ? { image: post.imageUrl } : {}),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.excerpt,
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        ...(post.imageUrl ? { image: `${publicUrl}${post.imageUrl}` } : {}),
        author: { '@type': 'Organization', name: BUSINESS.name },
        publisher: {
          '@type': 'Organization',
          name: BUSINESS.name,
          logo: { '@type': 'ImageObject', url: `${publicUrl}/favicon.svg` },
        },
        mainEntityOfPage: `${publicUrl}${path}`,
      },
    ],
  };
};
