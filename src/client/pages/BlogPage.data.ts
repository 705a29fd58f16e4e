import type { PagePrefetch } from '../lib/page-prefetch';
import { blogPageHref, parseBlogSearch } from '../../shared/blog';
import { PAGE_ROUTES } from '../../shared/routes';

/** The page of posts asked for, with its canonical address and its neighbours for rel prev/next. */
export const prefetch: PagePrefetch = async ({ trpc, search }) => {
  const wanted = parseBlogSearch(search);
  const blogPage = wanted ? await trpc.blog.pages.fetch(wanted).catch(() => null) : null;
  const pages = blogPage ? Math.max(1, Math.ceil(blogPage.total / blogPage.pageSize)) : 0;
  // Past the end, not a page number, or a category no post has: the not-found page, not an empty
  // list to index (nor a page for each name anyone cares to type).
  if (!wanted || !blogPage || wanted.page > pages || (wanted.category && blogPage.total === 0))
    return { notFound: true };
  const { page, category } = wanted;
  const { meta } = PAGE_ROUTES.blog;
  const which = [category, page > 1 ? `page ${page}` : ''].filter(Boolean).join(', ');
  return {
    canonicalPath: blogPageHref(page, category),
    ...(page > 1 ? { prev: blogPageHref(page - 1, category) } : {}),
    ...(page < pages ? { next: blogPageHref(page + 1, category) } : {}),
    ...(which ? { meta: { ...meta, title: meta.title.replace(/^Blog/, `Blog (${which})`) } } : {}),
  };
};
