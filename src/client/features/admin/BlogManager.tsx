import { format } from 'date-fns';
import { Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { BlogPost } from '../../../shared/blog';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { BlogPostForm } from './BlogPostForm';
import { AdminList, type AdminListColumn } from './AdminList';
import { ConfirmDialog } from './ConfirmDialog';
import * as styles from './Admin.css';

/** The blog section of the admin screen: the create/edit form beside the list of every post. */
export function BlogManager() {
  const utils = trpc.useUtils();
  const posts = trpc.blog.adminList.useQuery();
  const update = trpc.blog.update.useMutation();
  const remove = trpc.blog.delete.useMutation();
  const [editing, setEditing] = useState<BlogPost | null>(null);
  const [deleting, setDeleting] = useState<BlogPost | null>(null);

  const refresh = () =>
    Promise.all([
      utils.blog.adminList.invalidate(),
      utils.blog.list.invalidate(),
      utils.blog.pages.invalidate(),
      utils.blog.get.invalidate(),
    ]);

  const setPublished = async (post: BlogPost, published: boolean) => {
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

  const confirmDelete = async (post: BlogPost) => {
    try {
      await remove.mutateAsync({ id: post.id });
      toast({ title: 'Blog post deleted successfully!' });
      if (editing?.id === post.id) setEditing(null);
      await refresh();
    } catch (error) {
      toast({
        title: 'Failed to delete blog post',
        description: serverMessage(error),
        variant: 'destructive',
      });
    }
  };

  const postDate = (post: BlogPost) =>
    post.publishedAt
      ? `Published ${format(new Date(post.publishedAt), 'MMM dd, yyyy')}`
      : `Created ${format(new Date(post.createdAt), 'MMM dd, yyyy')}`;

  const columns: Array<AdminListColumn<BlogPost>> = [
    {
      label: 'Title',
      primary: true,
      render: (post) => (
        <>
          <h3 className={styles.postTitle}>{post.title}</h3>
          <span className={post.publishedAt !== null ? styles.status.published : styles.status.draft}>
            {post.publishedAt !== null ? 'Published' : 'Draft'}
          </span>
        </>
      ),
    },
    {
      label: 'Date',
      nowrap: true,
      render: (post) => <time dateTime={post.publishedAt ?? post.createdAt}>{postDate(post)}</time>,
    },
    { label: 'Category', render: (post) => post.category || '—' },
    {
      label: 'Actions',
      actions: true,
      render: (post) => {
        const published = post.publishedAt !== null;
        return (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setEditing(post)}
              aria-label={`Edit ${post.title}`}
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

  // Every post, one page (GET /api/admin/blogs is not paged yet).
  const page = posts.data
    ? { items: posts.data, total: posts.data.length, page: 1, pageSize: Math.max(1, posts.data.length) }
    : undefined;

  return (
    <div className={styles.columns}>
      <BlogPostForm editing={editing} onDone={() => setEditing(null)} />
      <section className={styles.panel} aria-labelledby="blog-list-title">
        <h2 id="blog-list-title" className={styles.panelTitle}>
          Blog posts
        </h2>
        <AdminList
          caption="Blog posts, newest first"
          noun="posts"
          query={{ ...posts, data: page }}
          columns={columns}
          rowKey={(post) => post.id}
          rowTestId="admin-post"
          onPage={() => {}}
          emptyText="No posts yet. Write the first one with the form."
          errorText="The posts could not be loaded. Please refresh the page."
          skeletonHeight="8rem"
        />
      </section>
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
