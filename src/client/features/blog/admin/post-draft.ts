import { BLOG_MESSAGES } from '../../../../shared/blog';
import type { BlogPostStatus } from '../../../../shared/blog-publishing';
import type { AdminBlogPost } from '../../../../shared/blog-publishing.schema';
import { ukDateTime, ukWallClock } from '../../../../shared/uk-time';
import type { SeoValues } from './SeoPanel';

// The post editor's form as plain data: what it holds, from a stored post and back to the fields
// the server takes, and what must be mended before it can be sent.

export interface Draft extends SeoValues {
  title: string;
  slug: string;
  category: string;
  excerpt: string;
  content: string;
  imageUrl: string;
  tags: string[];
  status: BlogPostStatus;
  /** The UK wall-clock date and time a scheduled post goes out. */
  date: string;
  time: string;
  /**
   * Who the post is by, in byline order, as an editor chose (only an editor sends it); null: as it
   * is (a new post: its maker).
   */
  authorIds: number[] | null;
}

export const EMPTY: Draft = {
  title: '',
  slug: '',
  category: '',
  excerpt: '',
  content: '',
  imageUrl: '',
  tags: [],
  status: 'draft',
  date: '',
  time: '09:00',
  authorIds: null,
  metaTitle: '',
  metaDescription: '',
  socialImageUrl: '',
  socialDescription: '',
  canonicalUrl: '',
  noIndex: false,
};

export function draftOf(post: AdminBlogPost): Draft {
  const when = post.publishedAt ? ukWallClock(new Date(post.publishedAt)) : { date: '', time: '09:00' };
  return {
    title: post.title,
    slug: post.slug,
    category: post.category,
    excerpt: post.excerpt,
    content: post.content,
    imageUrl: post.imageUrl ?? '',
    tags: post.tags.map((t) => t.name),
    status: post.status,
    date: post.status === 'scheduled' ? when.date : '',
    time: post.status === 'scheduled' ? when.time : '09:00',
    authorIds: null,
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    socialImageUrl: post.socialImageUrl ?? '',
    socialDescription: post.socialDescription,
    canonicalUrl: post.canonicalUrl ?? '',
    noIndex: post.noIndex,
  };
}

/** The instant a scheduled draft goes out, or null while its date or time is missing. */
export function goOutAt(draft: Draft): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date) || !/^\d{2}:\d{2}$/.test(draft.time)) return null;
  const at = ukDateTime(draft.date, draft.time);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The fields as the server takes them. */
export function fieldsOf(draft: Draft) {
  const at = draft.status === 'scheduled' ? goOutAt(draft) : null;
  return {
    title: draft.title,
    slug: draft.slug.trim() || undefined,
    category: draft.category,
    excerpt: draft.excerpt,
    content: draft.content,
    imageUrl: draft.imageUrl || null,
    tags: draft.tags,
    status: draft.status,
    publishAt: at ? at.toISOString() : null,
    metaTitle: draft.metaTitle,
    metaDescription: draft.metaDescription,
    socialImageUrl: draft.socialImageUrl || null,
    socialDescription: draft.socialDescription,
    canonicalUrl: draft.canonicalUrl.trim() || null,
    noIndex: draft.noIndex,
    ...(draft.authorIds ? { authorIds: draft.authorIds } : {}),
  };
}

/** What the admin must fix before saving, in the form's words; null when it can be sent. */
export function problemOf(draft: Draft): { field: string; message: string } | null {
  if (!draft.title.trim() || !draft.content.trim() || draft.content === '<p></p>')
    return { field: 'form', message: BLOG_MESSAGES.missingFields };
  if (draft.status === 'scheduled') {
    const at = goOutAt(draft);
    if (!at) return { field: 'date', message: 'Choose the date and time the post goes out.' };
    if (at.getTime() <= Date.now())
      return { field: 'date', message: 'The date and time must be in the future.' };
  }
  if (draft.canonicalUrl.trim() && !/^https?:\/\/\S+$/.test(draft.canonicalUrl.trim()))
    return { field: 'canonicalUrl', message: 'The canonical address must start with https:// or http://' };
  return null;
}
