import { format } from 'date-fns';
import { Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { BlogPost } from '../../../shared/blog';
import { Button } from '../../components/ui/Button';
import { Skeleton } from '../../components/ui/Skeleton';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { BlogPostForm } from './BlogPostForm';
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

  const refresh = () => Promise.all([utils.blog.adminList.invalidate(), utils.blog.list.invalidate(), utils.blog.get.invalidate()]);

  const setPublished = async (post: BlogPost, published: boolean) => {
    try {
      await update.mutateAsync({ id: post.id, published });
      toast({ title: published ? 'Blog post published successfully!' : 'Blog post moved back to drafts' });
      await refresh();
    } catch (error) {
      toast({ title: 'Failed to update blog post', description: serverMessage(error), variant: 'destructive' });
    }
  };

  const confirmDelete = async (post: BlogPost) => {
    try {
      await remove.mutateAsync({ id: post.id });
      toast({ title: 'Blog post deleted successfully!' });
      if (editing?.id === post.id) setEditing(null);
      await refresh();
    } catch (error) {
      toast({ title: 'Failed to delete blog post', description: serverMessage(error), variant: 'destructive' });
    }
  };

  return (
    <div className={styles.columns}>
      <BlogPostForm editing={editing} onDone={() => setEditing(null)} />
      <section className={styles.panel} aria-labelledby="blog-list-title">
        <h2 id="blog-list-title" className={styles.panelTitle}>
          Blog posts
        </h2>
        {posts.isLoading ? (
          <Skeleton height="8rem" />
        ) : posts.isError ? (
          <p className={styles.subtle}>The posts could not be loaded. Please refresh the page.</p>
        ) : posts.data && posts.data.length > 0 ? (
          <ul className={styles.postList}>
            {posts.data.map((post) => {
              const published = post.publishedAt !== null;
              return (
                <li key={post.id} className={styles.postItem} data-testid="admin-post">
                  <div className={styles.postHead}>
                    <h3 className={styles.postTitle}>{post.title}</h3>
                    <span className={published ? styles.status.published : styles.status.draft}>{published ? 'Published' : 'Draft'}</span>
                  </div>
                  <p className={styles.postMeta}>
                    {published ? `Published ${format(new Date(post.publishedAt!), 'MMM dd, yyyy')}` : `Created ${format(new Date(post.createdAt), 'MMM dd, yyyy')}`}
                    {post.category ? ` · ${post.category}` : ''}
                  </p>
                  <div className={styles.postActions}>
                    <Button size="sm" variant="outline" onClick={() => setEditing(post)} aria-label={`Edit ${post.title}`}>
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
                    <Button size="sm" variant="danger" onClick={() => setDeleting(post)} aria-label={`Delete ${post.title}`}>
                      <Trash2 size={16} aria-hidden="true" /> Delete
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className={styles.subtle}>No posts yet. Write the first one with the form.</p>
        )}
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
