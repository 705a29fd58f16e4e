import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { BLOG_LIMITS, BLOG_MESSAGES } from '../../../../shared/blog';
import {
  BLOG_SEO_LIMITS,
  BLOG_SLUG_MAX,
  BLOG_TAG_LIMITS,
  slugify,
  type BlogPostStatus,
} from '../../../../shared/blog-publishing';
import type { AdminBlogPost } from '../../../../shared/blog-publishing.schema';
import { ukDateLabel, ukDateTime, ukWallClock } from '../../../../shared/uk-time';
import { Button } from '../../../components/ui/Button';
import { TextAreaField, TextField } from '../../../components/ui/form/TextField';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import { toast, toastMessage } from '../../../components/ui/toast-store';
import { errorStatus, serverMessage } from '../../../lib/api';
import { useDebounced } from '../../../lib/useDebounced';
import { trpc } from '../../../lib/trpc';
import {
  ImageUploadField,
  IMAGE_PICKER_ACCEPT,
  RichTextEditor,
  SaveStatus,
  adminStyles,
  useAutosave,
  useLeaveGuard,
  useUpload,
} from '../../../components/admin';
import { useAdminUser } from '../../auth';
import { ConflictNotice } from './EditorNotices';
import { PublishingFields } from './PublishingFields';
import { RevisionsPanel } from './RevisionsPanel';
import { SeoPanel, type SeoValues } from './SeoPanel';
import { SlugField, type SlugCheck } from './SlugField';
import { TagsInput } from './TagsInput';
import * as editorStyles from './Editor.css';

interface Draft extends SeoValues {
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
}

const EMPTY: Draft = {
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
  metaTitle: '',
  metaDescription: '',
  socialImageUrl: '',
  socialDescription: '',
  canonicalUrl: '',
  noIndex: false,
};

function draftOf(post: AdminBlogPost): Draft {
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
    metaTitle: post.metaTitle,
    metaDescription: post.metaDescription,
    socialImageUrl: post.socialImageUrl ?? '',
    socialDescription: post.socialDescription,
    canonicalUrl: post.canonicalUrl ?? '',
    noIndex: post.noIndex,
  };
}

/** The instant a scheduled draft goes out, or null while its date or time is missing. */
function goOutAt(draft: Draft): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date) || !/^\d{2}:\d{2}$/.test(draft.time)) return null;
  const at = ukDateTime(draft.date, draft.time);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The fields as the server takes them. */
function fieldsOf(draft: Draft) {
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
  };
}

/** What the admin must fix before saving, in the form's words; null when it can be sent. */
function problemOf(draft: Draft): { field: string; message: string } | null {
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

/**
 * Writes a new post or edits one: slug, tags, publishing (draft, scheduled or published), search and
 * sharing fields and revisions. A draft saves itself a few seconds after typing stops; leaving with
 * unsaved changes asks first; a save over someone else's newer one is stopped and explained.
 * `loading`: a post was chosen for editing and has not arrived; the fields take nothing meanwhile,
 * since the post replaces what they hold when it comes.
 */
export function PostEditor({
  editing,
  loading = false,
  onDone,
}: {
  editing: AdminBlogPost | null;
  loading?: boolean;
  onDone: () => void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.blog.create.useMutation();
  const update = trpc.blog.update.useMutation();
  const autosave = trpc.blog.autosave.useMutation();
  const restore = trpc.blog.restoreRevision.useMutation();
  const uploader = useUpload('image');
  const root = useRef<HTMLElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const contentLabel = useId();

  const [draft, setDraft] = useState<Draft>(EMPTY);
  /** The draft as last saved (or loaded): what "unsaved changes" is measured against. */
  const [saved, setSaved] = useState<Draft>(EMPTY);
  const [postId, setPostId] = useState<number | null>(null);
  const [version, setVersion] = useState<number | null>(null);
  const [slugTouched, setSlugTouched] = useState(false);
  const [tagText, setTagText] = useState('');
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [conflict, setConflict] = useState<{
    savedBy: string | null;
    savedAt: string | null;
    mine: boolean;
    version: number;
  } | null>(null);
  const [revisionPage, setRevisionPage] = useState(1);
  const [revisionId, setRevisionId] = useState<number | null>(null);

  // A post opened for editing (or the form emptied for a new one) replaces what the form holds; the
  // post already in the form (a draft its first autosave created, a refetch after a save) does not.
  const heldId = useRef<number | null>(null);
  heldId.current = postId;
  const openedId = editing?.id ?? null;
  const load = (post: AdminBlogPost | null) => {
    const next = post ? draftOf(post) : EMPTY;
    setDraft(next);
    setSaved(next);
    setPostId(post?.id ?? null);
    setVersion(post?.version ?? null);
    setSlugTouched(Boolean(post));
    setProblem(null);
    setConflict(null);
    setAutosaveState({ state: 'idle' });
    setRevisionId(null);
    setRevisionPage(1);
  };
  useEffect(() => {
    if (openedId !== null && openedId === heldId.current) return;
    load(editing);
    if (editing) titleRef.current?.focus();
    // Only another post resets the form; `editing` itself is read once it has changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openedId]);

  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(saved), [draft, saved]);
  const guard = useLeaveGuard(dirty, root, 'post');
  const { user } = useAdminUser();

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => {
      const next = { ...d, [key]: value };
      // The slug follows the title until the admin edits it.
      if (key === 'title' && !slugTouched) next.slug = slugify(String(value));
      return next;
    });
    setProblem((p) =>
      p && (p.field === key || p.field === 'form' || (key === 'time' && p.field === 'date')) ? null : p,
    );
  };

  // --- The slug, checked as it is typed ---
  const slugWanted = useDebounced(draft.slug.trim(), 400);
  const slugQuery = trpc.blog.slugAvailable.useQuery(
    { slug: slugWanted, id: postId ?? undefined },
    { enabled: slugWanted !== '', staleTime: 5000, retry: false },
  );
  const slugCheck: SlugCheck =
    slugWanted === '' || draft.slug.trim() === ''
      ? { state: 'idle' }
      : slugWanted !== draft.slug.trim() || slugQuery.isFetching
        ? { state: 'checking' }
        : slugQuery.isError
          ? { state: 'error' }
          : slugQuery.data?.available
            ? { state: 'available' }
            : slugQuery.data
              ? { state: 'taken', suggestion: slugQuery.data.suggestion }
              : { state: 'checking' };

  // --- Tag suggestions ---
  const tagWanted = useDebounced(tagText.trim(), 250);
  const tagSuggestions = trpc.blog.tagSuggest.useQuery(
    { q: tagWanted },
    { enabled: tagWanted !== '', staleTime: 30_000 },
  );

  // --- Revisions ---
  const revisions = trpc.blog.revisions.useQuery(
    { postId: postId ?? 0, page: revisionPage },
    { enabled: postId !== null },
  );
  const revision = trpc.blog.revision.useQuery({ id: revisionId ?? 0 }, { enabled: revisionId !== null });

  // --- Autosave: a draft saves itself once typing has paused ---
  const [autosaveState, setAutosaveState] = useAutosave(draft, dirty, () => {
    if (!dirty || conflict || draft.status !== 'draft' || saved.status !== 'draft') return;
    if (!draft.title.trim() || !draft.content.trim() || problemOf(draft)) return;
    const sent = draft;
    setAutosaveState({ state: 'saving' });
    const done = (answer: { id: number; version: number; updatedAt: string }) => {
      setSaved(sent);
      setVersion(answer.version);
      setAutosaveState({ state: 'saved', at: answer.updatedAt });
      void utils.blog.adminPage.invalidate();
    };
    const fail = (error: unknown) => {
      if (errorStatus(error) === 409) void showConflict();
      else setAutosaveState({ state: 'failed' });
    };
    if (postId === null) {
      create
        .mutateAsync({ ...fieldsOf(sent), status: 'draft' })
        .then((post) => {
          // The admin is still writing a new post: the form stays "Create", saving into this draft.
          setPostId(post.id);
          done(post);
        })
        .catch(fail);
    } else {
      autosave
        .mutateAsync({ id: postId, ...fieldsOf(sent), expectedVersion: version ?? undefined })
        .then(done)
        .catch(fail);
    }
  });

  // --- Saving, and someone else's newer save ---
  const showConflict = async () => {
    if (postId === null) return;
    const current = await utils.blog.adminGet.fetch({ id: postId }, { staleTime: 0 }).catch(() => null);
    setAutosaveState({ state: 'idle' });
    setConflict({
      savedBy: current?.updatedByName ?? null,
      savedAt: current?.updatedAt ?? null,
      mine: current !== null && user !== null && current.updatedById === user.id,
      version: current?.version ?? version ?? 0,
    });
  };

  const busy = create.isPending || update.isPending || restore.isPending;
  const verb = editing ? 'update' : 'create';

  const save = async (expectedVersion: number | null) => {
    const found = problemOf(draft);
    if (found) {
      setProblem(found);
      if (found.field === 'form') toastMessage(found.message);
      else
        toast({ title: `Failed to ${verb} blog post`, description: found.message, variant: 'destructive' });
      return;
    }
    try {
      if (postId === null) await create.mutateAsync(fieldsOf(draft));
      else
        await update.mutateAsync({
          id: postId,
          ...fieldsOf(draft),
          expectedVersion: expectedVersion ?? undefined,
        });
      toast({ title: `Blog post ${verb}d successfully!` });
      // Saved: the form goes back to a new post, and the editing view (its revisions, Cancel
      // editing) closes in the same render, before the list is fetched again. Closed after the
      // refetch, it shrank the page above the list just as the saved post's row came back, so on a
      // phone (the list below the editor) a tap on that row's buttons landed where they had been.
      load(null);
      onDone();
      await utils.blog.invalidate();
    } catch (error) {
      if (errorStatus(error) === 409) {
        await showConflict();
        return;
      }
      toast({
        title: `Failed to ${verb} blog post`,
        description: serverMessage(error),
        variant: 'destructive',
      });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save(version);
  };

  const reloadTheirs = async () => {
    if (postId === null) return;
    const current = await utils.blog.adminGet.fetch({ id: postId }, { staleTime: 0 });
    const next = draftOf(current);
    setDraft(next);
    setSaved(next);
    setVersion(current.version);
    setConflict(null);
    toast({ title: 'Loaded the latest version of the post' });
  };

  const restoreRevision = async (id: number) => {
    if (postId === null) return;
    try {
      const post = await restore.mutateAsync({ postId, revisionId: id });
      const next = draftOf(post);
      setDraft(next);
      setSaved(next);
      setVersion(post.version);
      setRevisionId(null);
      setRevisionPage(1);
      toast({
        title: 'Revision restored',
        description: 'The post is back to that revision, saved as a new one.',
      });
      await utils.blog.invalidate();
    } catch (error) {
      if (errorStatus(error) === 409) await showConflict();
      else
        toast({
          title: 'Could not restore the revision',
          description: serverMessage(error),
          variant: 'destructive',
        });
    }
  };

  const at = goOutAt(draft);
  const goesOut = at ? `${ukDateLabel(at)} at ${ukWallClock(at).time}` : null;
  const selectedRevision = revision.data && revision.data.id === revisionId ? revision.data : null;

  return (
    <section
      ref={root}
      className={adminStyles.panel}
      aria-labelledby="blog-form-title"
      aria-busy={loading}
      data-testid="post-editor"
    >
      <SaveStatus
        title={
          <h2 id="blog-form-title" className={adminStyles.panelTitle}>
            {editing || loading ? 'Edit blog post' : 'Create a blog post'}
          </h2>
        }
        status={conflict ? { state: 'conflict' } : autosaveState}
        dirty={dirty}
      >
        {conflict ? (
          <ConflictNotice
            savedBy={conflict.savedBy}
            savedAt={conflict.savedAt}
            mine={conflict.mine}
            busy={busy}
            onReload={() => void reloadTheirs()}
            onOverwrite={() => void save(conflict.version)}
          />
        ) : null}
      </SaveStatus>
      <form onSubmit={submit} noValidate>
        <fieldset className={`${fieldStyles.stack} ${editorStyles.formFields}`} disabled={loading}>
          <TextField
            id="post-title"
            ref={titleRef}
            label="Title"
            // Also on the field itself (the fieldset already disables it): a script that waits for the
            // field to be enabled before typing, as browser automation does, reads it there.
            disabled={loading}
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
            maxLength={BLOG_LIMITS.title}
            required
          />
          <SlugField
            id="post-slug"
            value={draft.slug}
            onChange={(slug) => {
              setSlugTouched(true);
              set('slug', slug);
            }}
            check={slugCheck}
            maxLength={BLOG_SLUG_MAX}
          />
          <TextField
            id="post-category"
            label="Category"
            hint="For example Marketing Tips, Local News or Events"
            value={draft.category}
            onChange={(e) => set('category', e.target.value)}
            maxLength={BLOG_LIMITS.category}
          />
          <TagsInput
            id="post-tags"
            value={draft.tags}
            onChange={(tags) => set('tags', tags)}
            text={tagText}
            onText={setTagText}
            suggestions={tagSuggestions.data ?? []}
            maxTags={BLOG_TAG_LIMITS.perPost}
            maxLength={BLOG_TAG_LIMITS.name}
          />
          <TextAreaField
            id="post-excerpt"
            label="Excerpt"
            hint="One or two sentences shown on the blog page under the title."
            value={draft.excerpt}
            onChange={(e) => set('excerpt', e.target.value)}
            maxLength={BLOG_LIMITS.excerpt}
          />
          <div className={fieldStyles.field}>
            <span id={contentLabel} className={fieldStyles.label}>
              Content
            </span>
            <RichTextEditor
              id="post-content"
              labelledBy={contentLabel}
              value={draft.content}
              onChange={(html) => set('content', html)}
              onUploadImage={uploader.upload}
              imageAccept={IMAGE_PICKER_ACCEPT}
              readOnly={loading}
            />
          </div>
          <ImageUploadField
            id="post-image"
            label="Featured image"
            value={draft.imageUrl}
            onChange={(path) => set('imageUrl', path)}
            alt="Featured image preview"
            removeLabel="Remove image"
            previewClassName={adminStyles.imagePreview}
            uploader={uploader}
          />
          <PublishingFields
            id="post-publishing"
            status={draft.status}
            date={draft.date}
            time={draft.time}
            onStatus={(status) => set('status', status)}
            onDate={(date) => set('date', date)}
            onTime={(time) => set('time', time)}
            errors={problem?.field === 'date' ? { date: problem.message } : {}}
            goesOut={goesOut}
          />
          <SeoPanel
            id="post-seo"
            values={draft}
            onChange={(key, value) => set(key, value as Draft[typeof key])}
            fallback={{ title: draft.title, description: draft.excerpt, imageUrl: draft.imageUrl }}
            path={`/blog/${draft.slug || slugify(draft.title) || 'your-post'}`}
            limits={BLOG_SEO_LIMITS}
            uploader={uploader}
          />
          {problem && problem.field !== 'date' && problem.field !== 'form' ? (
            <p className={fieldStyles.error} role="alert">
              {problem.message}
            </p>
          ) : null}
          <div className={fieldStyles.actions}>
            <Button type="submit" disabled={busy || uploader.uploading || conflict !== null}>
              {busy ? 'Saving...' : loading ? 'Loading post...' : editing ? 'Update post' : 'Create post'}
            </Button>
            {editing ? (
              <Button variant="ghost" onClick={() => guard.ask(onDone)}>
                Cancel editing
              </Button>
            ) : null}
          </div>
        </fieldset>
      </form>
      {editing ? (
        <RevisionsPanel
          list={revisions}
          onPage={setRevisionPage}
          selectedId={revisionId}
          onSelect={setRevisionId}
          selected={selectedRevision}
          current={draft}
          onRestore={(id) => void restoreRevision(id)}
          restoring={restore.isPending}
        />
      ) : null}
      {guard.dialog}
    </section>
  );
}
