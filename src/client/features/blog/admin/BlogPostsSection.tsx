import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { AdminBlogSummary } from '../../../../shared/blog.schema';
import { trpc } from '../../../lib/trpc';
import { adminStyles, tableStyles } from '../../../components/admin';
import { blogAdminHref, blogViewOf, type BlogView } from './links';
import { PostEditor } from './PostEditor';
import { PostsList } from './PostsList';
import type { PostEmailer } from './PublishDialog';

/** Without a newsletter: the publish flow offers publishing alone. */
const useNoEmailer = (): PostEmailer | null => null;

/** The editor of one post: loads it, and holds the form empty (and still) until it arrives. */
function EditPost({ id, onDone, emailer }: { id: number; onDone: () => void; emailer: PostEmailer | null }) {
  const post = trpc.blog.adminGet.useQuery({ id });
  const editing = post.data?.id === id ? post.data : null;
  if (post.isError)
    return (
      <section className={adminStyles.panel}>
        <p role="alert">This post could not be loaded: it may have been deleted.</p>
        <Link href={blogAdminHref()} className={tableStyles.link}>
          Back to the posts
        </Link>
      </section>
    );
  return <PostEditor editing={editing} loading={editing === null} onDone={onDone} emailer={emailer} />;
}

/**
 * The blog section of the admin screen, two views as Ghost has them: the posts list (filtered,
 * paged by the server) and the editor of one post across the whole width. Which one, and the list's
 * filters, are in the address (links.ts), so Back, a reload and a link from the Tags section work.
 * `publishedPostActions`: more buttons for a published post's row, from other domains (the admin
 * shell passes the newsletter's 'Send as newsletter'); `useEmailer`: the newsletter's part of the
 * editor's publish flow (publish and e-mail, e-mail only), a hook the section calls on every render.
 */
export function BlogPostsSection({
  publishedPostActions,
  useEmailer = useNoEmailer,
}: {
  publishedPostActions?: (post: AdminBlogSummary) => ReactNode;
  useEmailer?: () => PostEmailer | null;
} = {}) {
  const emailer = useEmailer();
  const [, navigate] = useLocation();
  const view = blogViewOf(useSearch());
  const post = view.post;
  // A view starts at its top, not where the one before was scrolled to.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [post]);

  // A filter changes the entry in the history (Back leaves the list, not the last filter).
  const onView = (next: BlogView) => navigate(blogAdminHref(next), { replace: true });
  const toList = () => navigate(blogAdminHref({ status: view.status, tag: view.tag }));

  if (post === 'new') return <PostEditor editing={null} onDone={toList} emailer={emailer} />;
  if (post !== undefined) return <EditPost key={post} id={post} onDone={toList} emailer={emailer} />;
  return <PostsList view={view} onView={onView} publishedPostActions={publishedPostActions} />;
}
