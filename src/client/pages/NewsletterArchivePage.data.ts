import type { PagePrefetch } from '../lib/page-prefetch';
// A page's .data.ts is also loaded where no style plugin runs (the route table's unit test), and a
// feature's door would evaluate its style sheets there: it takes the one plain file it needs.
// eslint-disable-next-line import-x/no-restricted-paths
import { archivePageHref, parseArchiveSearch } from '../features/newsletter/archive';
import { PAGE_ROUTES } from '../../shared/routes';

/** The page of past issues asked for, with its canonical address and its neighbours for rel prev/next. */
export const prefetch: PagePrefetch = async ({ trpc, search }) => {
  const wanted = parseArchiveSearch(search);
  const archive = wanted ? await trpc.newsletter.archive.fetch(wanted).catch(() => null) : null;
  const pages = archive ? Math.max(1, Math.ceil(archive.total / archive.pageSize)) : 0;
  // Past the end, or not a page number: the not-found page, not an empty list to index.
  if (!wanted || !archive || wanted.page > pages) return { notFound: true };
  const { page } = wanted;
  const { meta } = PAGE_ROUTES.newsletterArchive;
  return {
    canonicalPath: archivePageHref(page),
    ...(page > 1 ? { prev: archivePageHref(page - 1) } : {}),
    ...(page < pages ? { next: archivePageHref(page + 1) } : {}),
    ...(page > 1
      ? { meta: { ...meta, title: meta.title.replace(/^([^|]+?)(\s*\|)/, `$1 (page ${page})$2`) } }
      : {}),
  };
};
