import type { PagePrefetch } from '../lib/page-prefetch';
import { parseBlogSearch } from '../../shared/blog';
import { blogTagHref } from '../../shared/blog-publishing';
import { siteTitle } from '../../shared/page-meta';

/** One page of a tag's posts, with its canonical address and its neighbours for rel prev/next. */
export const prefetch: PagePrefetch = async ({ trpc, params, search }) => {
  const wanted = parseBlogSearch(search);
  const slug = params.slug ?? '';
  const tagPage =
    wanted && slug ? await trpc.blog.tagPage.fetch({ slug, page: wanted.page }).catch(() => null) : null;
  const pages = tagPage ? Math.max(1, Math.ceil(tagPage.total / tagPage.pageSize)) : 0;
  // An unknown tag, a page past the end, or not a page number: the not-found page.
  if (!wanted || !tagPage || wanted.page > pages) return { notFound: true };
  const { page } = wanted;
  const { name, metaTitle, metaDescription, description } = tagPage.tag;
  const pageWords = page > 1 ? `, page ${page}` : '';
  return {
    canonicalPath: blogTagHref(tagPage.tag.slug, page),
    ...(page > 1 ? { prev: blogTagHref(tagPage.tag.slug, page - 1) } : {}),
    ...(page < pages ? { next: blogTagHref(tagPage.tag.slug, page + 1) } : {}),
    meta: {
      title: siteTitle(`${metaTitle || `Posts tagged ${name}`}${pageWords}`),
      description:
        metaDescription ||
        description ||
        `Posts about ${name} from the Herts Local Media blog: local news, advice and stories from Hertfordshire.`,
    },
  };
};
