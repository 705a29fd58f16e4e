// What the rest of the server may use of the blog domain: published posts and their addresses (for
// the pages, the sitemap, the analytics and the newsletter), sanitising, the schedule (the
// go-out job and the next go-out time), and the list and search queries and limits the tests measure.
export { listBlogAddresses } from './addresses';
export { forgetBlogMemory, movedAuthorPages, movedPostPages, movedTagPages, type PageStart } from './memory';
export {
  countPublishedPosts,
  listPublishedPostDates,
  postListQueries,
  publishedPageStart,
} from './post-lists';
export { getPostForEmail, getPublishedPost, postGoesOutAt } from './posts';
export { blogGoOutJobs, nextScheduledChange } from './schedule';
export { listVisibleTagSlugs } from './tag-pages';
export { listVisibleAuthorSlugs } from './authors';
export { postHtmlWithAbsoluteUrls, sanitisePostHtml } from './sanitise-post-html';
export {
  correctSearchWords,
  SEARCH_CANDIDATES_MAX,
  SEARCH_CORRECTED_WORDS_MAX,
  SEARCH_RATE_LIMIT,
  SEARCH_RANKED_MAX,
  SEARCH_RECENT_POSTS,
  SEARCH_WORDS_MAX,
  searchQueries,
  searchQueryOf,
} from './search';
