import { ROUTES } from '../../../../shared/routes';
import {
  BLOG_POST_STATUSES,
  REVIEW_STATES,
  type BlogPostStatus,
  type ReviewState,
} from '../../../../shared/blog-publishing';

// Where the blog's admin views are: the posts list (with its filters), a post's editor, the tags.
// All in the query, as the admin's other sections are opened (/admin?section=...), so a view can
// be linked to, reloaded and reached with Back.

/** The admin sections of the posts and of the tags (the shell's list of sections). */
export const BLOG_SECTION = 'blog';
export const TAGS_SECTION = 'tags';

/** What the posts section shows: the list, filtered, or the editor of a post or of a new one. */
export interface BlogView {
  post?: number | 'new' | undefined;
  status?: BlogPostStatus | '' | undefined;
  /** A tag's address. */
  tag?: string | undefined;
  /** Editorial review: the drafts waiting for an editor (submitted), or those sent back. */
  review?: ReviewState | undefined;
}

/** /admin?section=blog&status=draft&tag=walks, /admin?section=blog&review=submitted, /admin?section=blog&post=12, /admin?section=blog&post=new */
export function blogAdminHref(view: BlogView = {}): string {
  const params = new URLSearchParams({ section: BLOG_SECTION });
  if (view.post !== undefined) params.set('post', String(view.post));
  if (view.status) params.set('status', view.status);
  if (view.tag) params.set('tag', view.tag);
  if (view.review) params.set('review', view.review);
  return `${ROUTES.admin}?${params.toString()}`;
}

/** The view a query asks for; anything it does not understand is left out. */
export function blogViewOf(search: string): BlogView {
  const params = new URLSearchParams(search);
  const post = params.get('post');
  const id = Number(post);
  const status = params.get('status') ?? '';
  return {
    post: post === 'new' ? 'new' : Number.isSafeInteger(id) && id > 0 ? id : undefined,
    status: (BLOG_POST_STATUSES as readonly string[]).includes(status) ? (status as BlogPostStatus) : '',
    tag: params.get('tag')?.trim() || undefined,
    review: (REVIEW_STATES as readonly string[]).includes(params.get('review') ?? '')
      ? (params.get('review') as ReviewState)
      : undefined,
  };
}
