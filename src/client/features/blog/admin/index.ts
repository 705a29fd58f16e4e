// The blog's admin sections, for the admin shell (pages/admin) only.
export { BlogPostsSection } from './BlogPostsSection';
export { BlogTabLabel } from './BlogTabLabel';
export { TagsSection } from './TagsSection';
export { BLOG_SECTION, TAGS_SECTION } from './links';
