// The blog's admin sections, for the admin shell (pages/admin) only.
export { BlogPostsSection } from './BlogPostsSection';
