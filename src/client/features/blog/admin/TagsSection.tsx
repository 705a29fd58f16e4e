import { keepPreviousData } from '@tanstack/react-query';
import { GitMerge, Pencil } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import {
  BLOG_SEO_LIMITS,
  BLOG_TAG_LIMITS,
  blogTagHref,
  postCountText,
} from '../../../../shared/blog-publishing';
import type { AdminBlogTag } from '../../../../shared/blog-publishing.schema';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions, DialogClose } from '../../../components/ui/Dialog';
import { TextAreaField, TextField } from '../../../components/ui/form/TextField';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { useDebounced } from '../../../lib/useDebounced';
import { trpc } from '../../../lib/trpc';
import {
  AdminList,
  ConfirmDialog,
  SearchFilter,
  adminStyles,
  tableStyles as table,
  useAdminList,
  type AdminListColumn,
  RowDeleteButton,
} from '../../../components/admin';
import { blogAdminHref } from './links';
import { useCan } from '../../auth';
import * as styles from './Editor.css';
import * as listStyles from './PostsList.css';

/** Rows of the tags list per page. */
const TAGS_PAGE_SIZE = 20;

/** The blog's tags with how many posts each has: edit (name, description), merge, delete. */

/**
 * A tag's posts in words: those its public page lists (published by now), then the drafts and
 * scheduled posts that carry it too, so this count and the page's never disagree unexplained.
 */
export function tagPostsText(tag: Pick<AdminBlogTag, 'postCount' | 'publishedCount'>): string {
  const published = `${tag.publishedCount.toLocaleString('en-GB')} published`;
  const waiting = tag.postCount - tag.publishedCount;
  return waiting > 0 ? `${published}, ${waiting.toLocaleString('en-GB')} not out yet` : published;
}

/** What deleting a tag does to its posts, in words: the posts stay, only the tag goes. */
export function tagDeleteConsequence(posts: number): string {
  if (posts === 0) return 'No post has it.';
  if (posts === 1) return 'It is taken off the one post that has it; the post stays.';
  return `It is taken off the ${posts.toLocaleString('en-GB')} posts that have it; the posts stay.`;
}
export function TagsSection() {
  const ids = useId();
  const utils = trpc.useUtils();
  const list = useAdminList({}, TAGS_PAGE_SIZE);
  const tags = trpc.blog.adminTags.useQuery(
    { page: list.page, pageSize: list.pageSize, q: list.q },
    { placeholderData: keepPreviousData },
  );
  const update = trpc.blog.renameTag.useMutation();
  const merge = trpc.blog.mergeTags.useMutation();
  const remove = trpc.blog.deleteTag.useMutation();
  const [editing, setEditing] = useState<AdminBlogTag | null>(null);
  const [merging, setMerging] = useState<AdminBlogTag | null>(null);
  const [deleting, setDeleting] = useState<AdminBlogTag | null>(null);

  const run = async (work: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await work();
      toast({ title: done });
      // Tags show on posts everywhere: the lists, the editor, the public pages.
      await utils.blog.invalidate();
      return true;
    } catch (error) {
      toast({ title: failed, description: serverMessage(error), variant: 'destructive' });
      return false;
    }
  };

  const can = useCan();
  const columns: Array<AdminListColumn<AdminBlogTag>> = [
    { label: 'Tag', primary: true, render: (tag) => <h3 className={adminStyles.postTitle}>{tag.name}</h3> },
    { label: 'Address', render: (tag) => blogTagHref(tag.slug) },
    {
      label: 'Posts',
      nowrap: true,
      // To the posts list filtered by the tag: every post that carries it, drafts included.
      render: (tag) => (
        <Link
          href={blogAdminHref({ tag: tag.slug })}
          className={`${table.link} ${listStyles.rowLink}`}
          aria-label={`Posts tagged ${tag.name}: ${tagPostsText(tag)}`}
          title="Published posts show on its page"
        >
          {tagPostsText(tag)}
        </Link>
      ),
    },
    // Renaming, merging and deleting change every post that carries the tag: an editor's work.
    ...(!can('editAllPosts')
      ? []
      : [
          {
            label: 'Actions',
            actions: true,
            render: (tag: AdminBlogTag) => (
              <>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setEditing(tag)}
                  aria-label={`Edit ${tag.name}`}
                >
                  <Pencil size={16} aria-hidden="true" /> Edit
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setMerging(tag)}
                  aria-label={`Merge ${tag.name}`}
                >
                  <GitMerge size={16} aria-hidden="true" /> Merge
                </Button>
                <RowDeleteButton label={`Delete tag ${tag.name}`} onClick={() => setDeleting(tag)} />
              </>
            ),
          },
        ]),
  ];

  return (
    <section className={adminStyles.panel} aria-labelledby="blog-tags-title" data-testid="tags-section">
      <h2 id="blog-tags-title" className={adminStyles.panelTitle}>
        Tags
      </h2>
      <div className={table.filters} role="search" aria-label="Filter tags">
        <SearchFilter
          id={`${ids}-q`}
          label="Search tags"
          placeholder="Tag name"
          value={list.search}
          onChange={list.setSearch}
        />
      </div>
      <AdminList
        caption="Tags, by name"
        noun="tags"
        query={tags}
        columns={columns}
        rowKey={(tag) => tag.id}
        rowTestId="admin-tag"
        onPage={list.setPage}
        emptyText="No tags yet. Add them to posts in the editor."
        filteredEmptyText="No tags match this search."
        filtered={list.filtered}
        errorText="The tags could not be loaded. Please refresh the page."
        skeletonHeight="6rem"
      />
      <EditTagDialog
        tag={editing}
        onClose={() => setEditing(null)}
        onSave={(tag, fields) =>
          run(() => update.mutateAsync({ id: tag.id, ...fields }), 'Tag saved', 'Could not save the tag')
        }
      />
      <MergeDialog
        tag={merging}
        onClose={() => setMerging(null)}
        onMerge={(from, into) =>
          run(
            () => merge.mutateAsync({ fromId: from.id, intoId: into.id }),
            `Merged ${from.name} into ${into.name}`,
            'Could not merge the tags',
          )
        }
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete tag"
        description={
          deleting ? `Delete the tag ${deleting.name}? ${tagDeleteConsequence(deleting.postCount)}` : ''
        }
        confirmLabel="Delete"
        onConfirm={() => {
          const tag = deleting;
          if (tag)
            void run(() => remove.mutateAsync({ id: tag.id }), 'Tag deleted', 'Could not delete the tag');
        }}
      />
    </section>
  );
}

interface TagFields {
  name: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
}

const fieldsOfTag = (tag: AdminBlogTag): TagFields => ({
  name: tag.name,
  description: tag.description,
  metaTitle: tag.metaTitle,
  metaDescription: tag.metaDescription,
});

/** A tag's name, and what its public page shows: a description, and its title and description for search engines. */
function EditTagDialog({
  tag,
  onClose,
  onSave,
}: {
  tag: AdminBlogTag | null;
  onClose: () => void;
  onSave: (tag: AdminBlogTag, fields: TagFields) => Promise<boolean>;
}) {
  const [fields, setFields] = useState<TagFields>({
    name: '',
    description: '',
    metaTitle: '',
    metaDescription: '',
  });
  const [error, setError] = useState<string | undefined>();
  const [shownFor, setShownFor] = useState<number | null>(null);
  if (tag && shownFor !== tag.id) {
    setShownFor(tag.id);
    setFields(fieldsOfTag(tag));
    setError(undefined);
  }
  const set = (key: keyof TagFields, value: string) => setFields((f) => ({ ...f, [key]: value }));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!tag) return;
    if (!fields.name.trim()) {
      setError('A tag needs a name.');
      return;
    }
    if (await onSave(tag, { ...fields, name: fields.name.trim() })) {
      setShownFor(null);
      onClose();
    }
  };
  return (
    <Dialog
      open={tag !== null}
      onOpenChange={(open) => {
        if (!open) {
          setShownFor(null);
          onClose();
        }
      }}
      title="Edit tag"
      description={
        tag
          ? `Its posts keep it under a new name, and its address stays ${blogTagHref(tag.slug)}.`
          : undefined
      }
      size="sm"
    >
      <form className={fieldStyles.stack} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          id="tag-name"
          label="Name"
          value={fields.name}
          onChange={(e) => {
            set('name', e.target.value);
            setError(undefined);
          }}
          maxLength={BLOG_TAG_LIMITS.name}
          error={error}
          required
        />
        <TextAreaField
          id="tag-description"
          label="Description"
          hint="Shown on the tag's page under its name."
          value={fields.description}
          onChange={(e) => set('description', e.target.value)}
          maxLength={BLOG_TAG_LIMITS.description}
          rows={3}
        />
        <TextField
          id="tag-meta-title"
          label="Meta title"
          hint={`For search engines. Empty: "Posts tagged ${fields.name.trim() || 'its name'}".`}
          value={fields.metaTitle}
          onChange={(e) => set('metaTitle', e.target.value)}
          maxLength={BLOG_SEO_LIMITS.metaTitle}
        />
        <TextAreaField
          id="tag-meta-description"
          label="Meta description"
          hint="For search engines. Empty: the description above."
          value={fields.metaDescription}
          onChange={(e) => set('metaDescription', e.target.value)}
          maxLength={BLOG_SEO_LIMITS.metaDescription}
          rows={2}
        />
        <DialogActions>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button type="submit">Save</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function MergeDialog({
  tag,
  onClose,
  onMerge,
}: {
  tag: AdminBlogTag | null;
  onClose: () => void;
  onMerge: (from: AdminBlogTag, into: AdminBlogTag) => Promise<boolean>;
}) {
  const [q, setQ] = useState('');
  const [into, setInto] = useState<AdminBlogTag | null>(null);
  const wanted = useDebounced(q.trim(), 250);
  const found = trpc.blog.adminTags.useQuery(
    { page: 1, pageSize: 8, q: wanted },
    { enabled: tag !== null, placeholderData: keepPreviousData },
  );
  const choices = (found.data?.items ?? []).filter((t) => t.id !== tag?.id);
  const close = () => {
    setQ('');
    setInto(null);
    onClose();
  };
  return (
    <Dialog
      open={tag !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={tag ? `Merge ${tag.name} into another tag` : 'Merge tags'}
      description="Its posts get the tag you choose, and this tag goes. Its old address leads to the other tag's page."
      size="sm"
    >
      <div className={fieldStyles.stack}>
        <TextField
          id="tag-merge-search"
          label="Find the tag to keep"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          maxLength={BLOG_TAG_LIMITS.name}
          autoComplete="off"
        />
        {choices.length > 0 ? (
          <div role="radiogroup" aria-label="Tag to keep" className={styles.revisionList}>
            {choices.map((choice) => (
              <label key={choice.id} className={adminStyles.checkRow}>
                <input
                  type="radio"
                  name="tag-merge-into"
                  className={adminStyles.checkbox}
                  checked={into?.id === choice.id}
                  onChange={() => setInto(choice)}
                />
                {choice.name} <span className={styles.count}>({postCountText(choice.postCount)})</span>
              </label>
            ))}
          </div>
        ) : (
          <p className={fieldStyles.hint}>{found.isFetching ? 'Looking...' : 'No other tag matches.'}</p>
        )}
        <DialogActions>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button
            disabled={!into || !tag}
            onClick={() => {
              if (tag && into)
                void onMerge(tag, into).then((ok) => {
                  if (ok) close();
                });
            }}
          >
            {into ? `Merge into ${into.name}` : 'Merge'}
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
