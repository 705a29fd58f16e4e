// What other features may use of the blog: the list's and the post's styles, so that pages built
// like them (the newsletter archive) share them instead of keeping a copy.
export * as blogListStyles from './BlogList.css';
export * as blogPostStyles from './BlogPost.css';
