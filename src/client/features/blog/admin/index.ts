export { BlogPostsSection } from './BlogPostsSection';
