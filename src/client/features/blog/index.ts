// What the blog's pages use: the list's and the post's parts and styles (the newsletter archive,
// built like the list, shares the styles instead of keeping a copy).
import * as blogCardStyles from './BlogCard.css';
import * as blogExtrasStyles from './BlogExtras.css';
import * as blogListStyles from './BlogList.css';
import * as blogPostStyles from './BlogPost.css';

export { BlogCard } from './BlogCard';
export { BlogPager } from './BlogPager';
export { Byline } from './Byline';
export { KeepHyphenated } from './KeepHyphenated';
export { PostCards } from './PostCards';
export { PostTags } from './PostTags';
export { RelatedPosts } from './RelatedPosts';
export { SearchBox } from './SearchBox';
export { SearchResults } from './SearchResults';
export { ShareButtons } from './ShareButtons';
export { blogCardStyles, blogExtrasStyles, blogListStyles, blogPostStyles };
