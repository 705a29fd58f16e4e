// The blog's styles that other features' style sheets build on (the newsletter archive is laid out
// like the blog's list and posts). A style sheet imports this door, never index.ts: vanilla-extract
// runs a sheet's imports to build its CSS, and index.ts would bring in the blog's components with
// their styles.
import * as blogListStyles from './BlogList.css';
import * as blogPostStyles from './BlogPost.css';

export { blogListStyles, blogPostStyles };
