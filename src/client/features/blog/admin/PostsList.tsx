import { keepPreviousData } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  BLOG_POST_STATUSES,
  BLOG_STATUS_LABELS,
  type BlogPostStatus,
} from '../../../../shared/blog-publishing';
import { ADMIN_BLOG_PAGE_SIZE, type AdminBlogSummary } from '../../../../shared/blog.schema';
import { Button, buttonClass } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { trpc } from '../../../lib/trpc';
import {
  AdminList,
  ConfirmDialog,
  SearchFilter,
  SelectFilter,
  adminStyles,
  tableStyles as table,
  useAdminList,
  type AdminListColumn,
  RowDeleteButton,
} from '../../../components/admin';
import { blogAdminHref, type BlogView } from './links';
import { useCan } from '../../auth';
import * as editorStyles from './Editor.css';
import * as styles from './PostsList.css';

/** The tags the Tag filter offers: the first page A to Z, at the largest page the list allows. */
const TAG_CHOICES = 50;

/**
 * A row's status from its published date, as the server decides it: a draft has none, a scheduled
 * post's is its go-out time (the list's rows carry no status field of their own).
 */
export function statusOf(post: Pick<AdminBlogSummary, 'publishedAt'>): BlogPostStatus {
  if (!post.publishedAt) return 'draft';
  return new Date(post.publishedAt).getTime() > Date.now() ? 'scheduled' : 'published';
}

/**
 * 'Goes out 20 Jun 2027, 09:00', 'Published 28 Nov 2026', 'Created 28 Nov 2026' (the date marked
 * data-volatile: screenshot tests pin it).
 */
function PostDate({ post }: { post: AdminBlogSummary }) {
  const [label, date, kind] = !post.publishedAt
    ? ['Created', formatDate(post.createdAt), 'day']
    : statusOf(post) === 'scheduled'
      ? ['Goes out', formatDateTime(post.publishedAt), 'datetime']
      : ['Published', formatDate(post.publishedAt), 'day'];
  return (
    <time dateTime={post.publishedAt ?? post.createdAt} data-testid="post-date">
      {label} <span data-volatile={kind}>{date}</span>
    </time>
  );
}

/** What the row's publishing button does: publish a draft, take a post down, or un-schedule one. */
const TOGGLE: Record<BlogPostStatus, { label: string; published: boolean; done: string }> = {
  draft: { label: 'Publish', published: true, done: 'Blog post published successfully!' },
  published: { label: 'Unpublish', published: false, done: 'Blog post moved back to drafts' },
  // Not out yet, so there is nothing to unpublish: it goes back to being a draft.
  scheduled: { label: 'Back to draft', published: false, done: 'Blog post moved back to drafts' },
};

function StatusChip({ post }: { post: AdminBlogSummary }) {
  const status = statusOf(post);
  const chip = status === 'scheduled' ? editorStyles.scheduled : adminStyles.status[status];
  return (
    <>
      <span className={chip}>{BLOG_STATUS_LABELS[status]}</span>
      {post.review && status === 'draft' ? (
        <span className={editorStyles.scheduled} data-testid="review-chip">
          {post.review === 'submitted' ? 'In review' : 'Returned'}
        </span>
      ) : null}
    </>
  );
}

/** 'Events · Ware, Walks': the post's category, then its tags. */
/** The category, then the tags (without the one the category repeats: 'Free Websites · Free Websites'). */
function TagNames({ post }: { post: AdminBlogSummary }) {
  const category = post.category.trim();
  const tags = post.tags.map((t) => t.name).filter((name) => name.toLowerCase() !== category.toLowerCase());
  if (!category && tags.length === 0) return <span className={table.muted}>—</span>;
  return <span className={styles.tags}>{[category, tags.join(', ')].filter(Boolean).join(' · ')}</span>;
}

/**
 * The posts, dense: title and status, tags, date and compact actions, filtered by status and tag
 * (both in the address, so the Tags section links here) and searched, paged by the server.
 * `publishedPostActions`: more buttons for a published post's row, from other domains.
 */
export function PostsList({
  view,
  onView,
  publishedPostActions,
}: {
  view: BlogView;
  onView: (view: BlogView) => void;
  publishedPostActions?: (post: AdminBlogSummary) => ReactNode;
}) {
  const utils = trpc.useUtils();
  const ids = useId();
  const mayPublish = useCan()('publishOwnPosts');
  const list = useAdminList({}, ADMIN_BLOG_PAGE_SIZE);
  const status = view.status ?? '';
  const tag = view.tag ?? '';
  const review = view.review;
  const { setPage } = list;
  // A filter chosen here or arriving in the address (a tag's count) starts again from page 1.
  useEffect(() => {
    setPage(1);
  }, [status, tag, review, setPage]);
  const posts = trpc.blog.adminPage.useQuery(
    {
      page: list.page,
      ...list.cursor,
      pageSize: list.pageSize,
      q: list.q,
      status: status || undefined,
      tag: tag || undefined,
      review,
    },
    { placeholderData: keepPreviousData },
  );
  const tagChoices = trpc.blog.adminTags.useQuery({ page: 1, pageSize: TAG_CHOICES });
  const tagOptions = (tagChoices.data?.items ?? []).map((t) => ({ value: t.slug, label: t.name }));
  // A tag asked for by its address but not among the choices (past the first page) still shows.
  if (tag && !tagOptions.some((o) => o.value === tag)) tagOptions.unshift({ value: tag, label: tag });

  const update = trpc.blog.update.useMutation();
  const remove = trpc.blog.delete.useMutation();
  const [deleting, setDeleting] = useState<AdminBlogSummary | null>(null);

  const setPublished = async (post: AdminBlogSummary) => {
    const toggle = TOGGLE[statusOf(post)];
    try {
      await update.mutateAsync({ id: post.id, published: toggle.published });
      toast({ title: toggle.done });
      await utils.blog.invalidate();
    } catch (error) {
      toast({
        title: 'Failed to update blog post',
        description: serverMessage(error),
        variant: 'destructive',
      });
    }
  };

  const confirmDelete = async (post: AdminBlogSummary) => {
    try {
      await remove.mutateAsync({ id: post.id });
      toast({ title: 'Blog post deleted successfully!' });
      await utils.blog.invalidate();
    } catch (error) {
      toast({
        title: 'Failed to delete blog post',
        description: serverMessage(error),
        variant: 'destructive',
      });
    }
  };

  const title = (post: AdminBlogSummary) => (
    <h3 className={adminStyles.postTitle}>
      <Link href={blogAdminHref({ ...view, post: post.id })} className={styles.titleLink}>
        {post.title}
      </Link>
    </h3>
  );

  const columns: Array<AdminListColumn<AdminBlogSummary>> = [
    {
      label: 'Title',
      primary: true,
      only: 'table',
      render: (post) => (
        <div className={styles.titleColumn}>
          {title(post)}
          <StatusChip post={post} />
        </div>
      ),
    },
    // On a phone: two lines, the title and its status, then the date and the tags.
    {
      label: 'Post',
      primary: true,
      only: 'cards',
      render: (post) => (
        <div className={styles.twoLines}>
          <div className={styles.titleCell}>
            {title(post)}
            <StatusChip post={post} />
          </div>
          <p className={styles.meta}>
            <PostDate post={post} />
            {' · '}
            <TagNames post={post} />
          </p>
        </div>
      ),
    },
    { label: 'Category and tags', only: 'table', render: (post) => <TagNames post={post} /> },
    {
      label: 'Date',
      nowrap: true,
      only: 'table',
      render: (post) => <PostDate post={post} />,
    },
    {
      label: 'Actions',
      actions: true,
      nowrap: true,
      render: (post) => {
        const toggle = TOGGLE[statusOf(post)];
        return (
          <>
            {mayPublish ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void setPublished(post)}
                disabled={update.isPending}
                aria-label={`${toggle.label} ${post.title}`}
              >
                {toggle.label}
              </Button>
            ) : null}
            {/* Not on a scheduled post: it is not out yet, so there is nothing to send. */}
            {statusOf(post) === 'published' ? publishedPostActions?.(post) : null}
            {/* A drafts-only role deletes its drafts; a post an editor has published is theirs now. */}
            {mayPublish || statusOf(post) === 'draft' ? (
              <RowDeleteButton label={`Delete ${post.title}`} onClick={() => setDeleting(post)} />
            ) : null}
          </>
        );
      },
    },
  ];

  return (
    <section className={adminStyles.panel} aria-labelledby="blog-list-title">
      <div className={table.head}>
        <h2 id="blog-list-title" className={adminStyles.panelTitle}>
          Blog posts
        </h2>
        <div className={styles.headActions}>
          <ReviewQueueLink view={view} />
          <Link href={blogAdminHref({ post: 'new' })} className={buttonClass({ size: 'sm' })}>
            <Plus size={16} aria-hidden="true" /> New post
          </Link>
        </div>
      </div>
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
          value={status}
          onChange={(v: BlogPostStatus | '') => onView({ ...view, status: v })}
        />
        <SelectFilter
          id={`${ids}-tag`}
          label="Tag"
          allLabel="All tags"
          options={tagOptions}
          value={tag}
          onChange={(v) => onView({ ...view, tag: v || undefined })}
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
        emptyText="No posts yet. Write the first one with New post."
        filteredEmptyText="No posts match these filters."
        filtered={list.filtered || status !== '' || tag !== '' || review !== undefined}
        errorText="The posts could not be loaded. Please refresh the page."
        skeletonHeight="8rem"
      />
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
    </section>
  );
}

/** How many drafts wait for an editor (the same query wherever it is asked: one request). */
export function usePostsToReview(): number | null {
  const mayReview = useCan()('editAllPosts');
  const queue = trpc.blog.adminPage.useQuery(
    { page: 1, pageSize: 1, review: 'submitted' },
    { enabled: mayReview, staleTime: 30_000 },
  );
  return mayReview ? (queue.data?.total ?? null) : null;
}

/**
 * The editors' review queue: "To review 2" over the list narrows it to the submitted drafts, and
 * "All posts" widens it again. Nothing for a role that does not review, nor when none wait.
 */
function ReviewQueueLink({ view }: { view: BlogView }) {
  const waiting = usePostsToReview();
  if (view.review === 'submitted')
    return (
      <Link
        href={blogAdminHref({ ...view, review: undefined })}
        className={buttonClass({ size: 'sm', variant: 'outline' })}
      >
        All posts
      </Link>
    );
  if (!waiting) return null;
  return (
    <Link
      href={blogAdminHref({ ...view, review: 'submitted' })}
      className={buttonClass({ size: 'sm', variant: 'outline' })}
      data-testid="review-queue"
    >
      To review <span className={styles.queueCount}>{waiting > 99 ? '99+' : waiting}</span>
    </Link>
  );
}
