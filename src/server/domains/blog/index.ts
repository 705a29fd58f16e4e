// What the rest of the server may use of the blog domain: published posts and their addresses (for
// the pages, the sitemap, the feeds and the newsletter), sanitising, search's limits, and the job
// that publishes scheduled posts.
export { listBlogAddresses } from './addresses';
export { blogGoOutJobs } from './go-out';
export {
  countPublishedPosts,
  getPublishedPost,
  listPublishedPostDates,
  postListQueries,
  publishedPageStart,
} from './posts';
export { listPublishedPage, listTagFeed, listVisibleTagSlugs } from './publishing';
export {
  forgetBlogMemory,
  movedPostPages,
  movedTagPages,
  movedTagSlug,
  nextScheduledChange,
  type PageStart,
} from './memory';
export { postHtmlWithAbsoluteUrls, sanitisePostHtml } from './sanitise-post-html';
export {
  correctSearchWords,
  SEARCH_CANDIDATES_MAX,
  SEARCH_CORRECTED_WORDS_MAX,
  SEARCH_RANKED_MAX,
  SEARCH_RECENT_POSTS,
  SEARCH_WORDS_MAX,
  searchQueries,
  searchQueryOf,
} from './search';
