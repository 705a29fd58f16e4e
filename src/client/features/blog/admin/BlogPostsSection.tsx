import { keepPreviousData } from '@tanstack/react-query';
import { Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { ADMIN_BLOG_PAGE_SIZE, type BlogSummary } from '../../../../shared/blog.schema';
import {
  BLOG_POST_STATUSES,
  BLOG_STATUS_LABELS,
  type BlogPostStatus,
} from '../../../../shared/blog-publishing';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { formatDateTime, formatPostDate } from '../../../lib/dates';
import { trpc } from '../../../lib/trpc';
import {
  AdminList,
  useAdminList,
  type AdminListColumn,
  ConfirmDialog,
  SearchFilter,
  SelectFilter,
  adminStyles as styles,
  tableStyles as table,
} from '../../../components/admin';
import { PostEditor } from './PostEditor';
import { TagsSection } from './TagsSection';
import * as editorStyles from './Editor.css';

/**
 * A row's status from its published date, as the server decides it: a draft has none, a scheduled
 * post's is its go-out time (the list's rows carry no status field of their own).
 */
function statusOf(post: BlogSummary): BlogPostStatus {
  if (!post.publishedAt) return 'draft';
  return new Date(post.publishedAt).getTime() > Date.now() ? 'scheduled' : 'published';
}

/**
 * The blog section of the admin screen: the create/edit form beside the list of posts, paged and
 * searched by the server; rows carry no content, the editor loads the one post it opens.
 * `publishedPostActions`: more buttons for a published post's row, from other domains (the admin
 * shell passes the newsletter's 'Send as newsletter').
 */
export function BlogPostsSection({
  publishedPostActions,
}: {
  publishedPostActions?: (post: BlogSummary) => ReactNode;
} = {}) {
  const utils = trpc.useUtils();
  const ids = useId();
  const list = useAdminList({ status: '' as BlogPostStatus | '' }, ADMIN_BLOG_PAGE_SIZE);
  const posts = trpc.blog.adminPage.useQuery(
    { page: list.page, ...list.cursor, pageSize: list.pageSize, ...list.filters, q: list.q },
    { placeholderData: keepPreviousData },
  );
  const update = trpc.blog.update.useMutation();
  const remove = trpc.blog.delete.useMutation();
  const [editingId, setEditingId] = useState<number | null>(null);
  const editingPost = trpc.blog.adminGet.useQuery({ id: editingId ?? 0 }, { enabled: editingId !== null });
  const editing = editingId !== null && editingPost.data?.id === editingId ? editingPost.data : null;
  const setEditing = (post: BlogSummary | null) => setEditingId(post ? post.id : null);
  const [deleting, setDeleting] = useState<BlogSummary | null>(null);

  // Every blog read (public pages, admin list, the post being edited) after a change.
  const refresh = () => utils.blog.invalidate();

  const setPublished = async (post: BlogSummary, published: boolean) => {
    try {
      await update.mutateAsync({ id: post.id, published });
      toast({ title: published ? 'Blog post published successfully!' : 'Blog post moved back to drafts' });
      await refresh();
    } catch (error) {
      toast({
        title: 'Failed to update blog post',
        description: serverMessage(error),
        variant: 'destructive',
      });
    }
  };

  const confirmDelete = async (post: BlogSummary) => {
    try {
      await remove.mutateAsync({ id: post.id });
      toast({ title: 'Blog post deleted successfully!' });
      if (editingId === post.id) setEditing(null);
      await refresh();
    } catch (error) {
      toast({
        title: 'Failed to delete blog post',
        description: serverMessage(error),
        variant: 'destructive',
      });
    }
  };

  const postDate = (post: BlogSummary) =>
    statusOf(post) === 'scheduled' && post.publishedAt
      ? `Goes out ${formatDateTime(post.publishedAt)}`
      : post.publishedAt
        ? `Published ${formatPostDate(post.publishedAt)}`
        : `Created ${formatPostDate(post.createdAt)}`;

  const columns: Array<AdminListColumn<BlogSummary>> = [
    {
      label: 'Title',
      primary: true,
      render: (post) => (
        <>
          <h3 className={styles.postTitle}>{post.title}</h3>
          <span
            className={
              statusOf(post) === 'published'
                ? styles.status.published
                : statusOf(post) === 'scheduled'
                  ? editorStyles.scheduled
                  : styles.status.draft
            }
          >
            {BLOG_STATUS_LABELS[statusOf(post)]}
          </span>
        </>
      ),
    },
    {
      label: 'Date',
      nowrap: true,
      render: (post) => (
        <time dateTime={post.publishedAt ?? post.createdAt} data-testid="post-date">
          {postDate(post)}
        </time>
      ),
    },
    { label: 'Category', render: (post) => post.category || '—' },
    {
      label: 'Actions',
      actions: true,
      render: (post) => {
        const published = statusOf(post) !== 'draft';
        return (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setEditing(post)}
              aria-label={`Edit ${post.title}`}
              // The editor asks before this replaces unsaved changes.
              data-leaves-editor
            >
              <Pencil size={16} aria-hidden="true" /> Edit
            </Button>
            <Button
              size="sm"
              variant={published ? 'ghost' : 'secondary'}
              onClick={() => void setPublished(post, !published)}
              disabled={update.isPending}
              aria-label={`${published ? 'Unpublish' : 'Publish'} ${post.title}`}
            >
              {published ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
              {published ? 'Unpublish' : 'Publish'}
            </Button>
            {/* Not on a scheduled post: it is not out yet, so there is nothing to send. */}
            {statusOf(post) === 'published' ? publishedPostActions?.(post) : null}
            <Button
              size="sm"
              variant="danger"
              onClick={() => setDeleting(post)}
              aria-label={`Delete ${post.title}`}
            >
              <Trash2 size={16} aria-hidden="true" /> Delete
            </Button>
          </>
        );
      },
    },
  ];

  return (
    <div className={styles.columns}>
      <PostEditor
        editing={editing}
        // Chosen with Edit and not here yet: the form waits for it rather than take typing the
        // post would replace when it arrives.
        loading={editingId !== null && editing === null && !editingPost.isError}
        onDone={() => setEditing(null)}
      />
      <div className={editorStyles.sideColumn}>
        <section className={styles.panel} aria-labelledby="blog-list-title">
          <h2 id="blog-list-title" className={styles.panelTitle}>
            Blog posts
          </h2>
          <div className={table.filters} role="search" aria-label="Filter posts">
            <SearchFilter
              id={`${ids}-q`}
              placeholder="Title, excerpt or category"
              value={list.search}
              onChange={list.setSearch}
            />
            <SelectFilter
              id={`${ids}-status`}
              label="Status"
              allLabel="All posts"
              options={BLOG_POST_STATUSES.map((st) => ({ value: st, label: BLOG_STATUS_LABELS[st] }))}
              value={list.filters.status}
              onChange={(v: BlogPostStatus | '') => list.setFilter('status', v)}
            />
          </div>
          <AdminList
            caption="Blog posts, newest first"
            noun="posts"
            query={posts}
            columns={columns}
            rowKey={(post) => post.id}
            rowTestId="admin-post"
            onPage={list.setPage}
            emptyText="No posts yet. Write the first one with the form."
            filteredEmptyText="No posts match these filters."
            filtered={list.filtered}
            errorText="The posts could not be loaded. Please refresh the page."
            skeletonHeight="8rem"
          />
        </section>
        <TagsSection />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete blog post"
        description="Are you sure you want to delete this blog post?"
        confirmLabel="Delete"
        onConfirm={() => {
          if (deleting) void confirmDelete(deleting);
        }}
      />
    </div>
  );
}
