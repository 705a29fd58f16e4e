import { keepPreviousData } from '@tanstack/react-query';
import { GitMerge, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { BLOG_TAG_LIMITS, type AdminBlogTag } from '../../../../shared/blog-publishing';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions, DialogClose } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/form/TextField';
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
} from '../../../components/admin';
import * as styles from './Editor.css';

/** Rows of the tags list per page. */
const TAGS_PAGE_SIZE = 20;

/** The blog's tags with how many posts each has: rename, merge one into another, delete. */

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
  const rename = trpc.blog.renameTag.useMutation();
  const merge = trpc.blog.mergeTags.useMutation();
  const remove = trpc.blog.deleteTag.useMutation();
  const [renaming, setRenaming] = useState<AdminBlogTag | null>(null);
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

  const columns: Array<AdminListColumn<AdminBlogTag>> = [
    { label: 'Tag', primary: true, render: (tag) => <h3 className={adminStyles.postTitle}>{tag.name}</h3> },
    { label: 'Address', render: (tag) => `/blog/tag/${tag.slug}` },
    {
      label: 'Posts',
      nowrap: true,
      render: (tag) => `${tag.postCount} ${tag.postCount === 1 ? 'post' : 'posts'}`,
    },
    {
      label: 'Actions',
      actions: true,
      render: (tag) => (
        <>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setRenaming(tag)}
            aria-label={`Rename ${tag.name}`}
          >
            <Pencil size={16} aria-hidden="true" /> Rename
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setMerging(tag)}
            aria-label={`Merge ${tag.name}`}
          >
            <GitMerge size={16} aria-hidden="true" /> Merge
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => setDeleting(tag)}
            aria-label={`Delete tag ${tag.name}`}
          >
            <Trash2 size={16} aria-hidden="true" /> Delete
          </Button>
        </>
      ),
    },
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
      <RenameDialog
        tag={renaming}
        onClose={() => setRenaming(null)}
        onRename={(tag, name) =>
          run(() => rename.mutateAsync({ id: tag.id, name }), 'Tag renamed', 'Could not rename the tag')
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

function RenameDialog({
  tag,
  onClose,
  onRename,
}: {
  tag: AdminBlogTag | null;
  onClose: () => void;
  onRename: (tag: AdminBlogTag, name: string) => Promise<boolean>;
}) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [shownFor, setShownFor] = useState<number | null>(null);
  if (tag && shownFor !== tag.id) {
    setShownFor(tag.id);
    setName(tag.name);
    setError(undefined);
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!tag) return;
    if (!name.trim()) {
      setError('A tag needs a name.');
      return;
    }
    if (await onRename(tag, name.trim())) {
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
      title="Rename tag"
      description={
        tag ? `Its posts keep it under the new name; its page moves to the new address.` : undefined
      }
      size="sm"
    >
      <form className={fieldStyles.stack} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          id="tag-rename"
          label="New name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          maxLength={BLOG_TAG_LIMITS.name}
          error={error}
          required
        />
        <DialogActions>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button type="submit">Rename</Button>
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
                {choice.name}{' '}
                <span className={styles.count}>
                  ({choice.postCount} {choice.postCount === 1 ? 'post' : 'posts'})
                </span>
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
