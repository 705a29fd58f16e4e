import type { PagePrefetch } from '../lib/page-prefetch';
import { parseBlogSearch } from '../../shared/blog';
import { authorHref } from '../../shared/blog-publishing';
import { BUSINESS } from '../../shared/business';
import { absoluteUrl, siteTitle } from '../../shared/page-meta';

/**
 * One page of an author's posts, with its canonical address, its neighbours for rel prev/next, and
 * the author as a schema.org ProfilePage of a Person.
 */
export const prefetch: PagePrefetch = async ({ trpc, params, search, publicUrl }) => {
  const wanted = parseBlogSearch(search);
  const slug = params.slug ?? '';
  const found =
    wanted && slug ? await trpc.blog.authorPage.fetch({ slug, page: wanted.page }).catch(() => null) : null;
  const pages = found ? Math.max(1, Math.ceil(found.total / found.pageSize)) : 0;
  // Nobody by that address with a post out, a page past the end, or not a page number: not found.
  if (!wanted || !found || wanted.page > pages) return { notFound: true };
  const { page } = wanted;
  const { author } = found;
  return {
    canonicalPath: authorHref(author.slug, page),
    ...(page > 1 ? { prev: authorHref(author.slug, page - 1) } : {}),
    ...(page < pages ? { next: authorHref(author.slug, page + 1) } : {}),
    meta: {
      title: siteTitle(`${author.name}${page > 1 ? `, page ${page}` : ''}`),
      description:
        author.bio ||
        `Posts by ${author.name} on the ${BUSINESS.name} blog: local news, advice and stories from Hertfordshire.`,
    },
    ...(author.photoUrl ? { image: author.photoUrl } : {}),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ProfilePage',
        url: `${publicUrl}${authorHref(author.slug)}`,
        mainEntity: {
          '@type': 'Person',
          name: author.name,
          ...(author.bio ? { description: author.bio } : {}),
          ...(author.photoUrl ? { image: absoluteUrl(publicUrl, author.photoUrl) } : {}),
          worksFor: { '@type': 'Organization', name: BUSINESS.name, url: publicUrl },
        },
      },
    ],
  };
};
