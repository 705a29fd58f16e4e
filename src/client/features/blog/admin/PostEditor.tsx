import { Send } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { BLOG_LIMITS } from '../../../../shared/blog';
import { slugify } from '../../../../shared/blog-publishing';
import type { AdminBlogPost } from '../../../../shared/blog-publishing.schema';
import { ukDateLabel, ukWallClock } from '../../../../shared/uk-time';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/form/TextField';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import { toast, toastMessage } from '../../../components/ui/toast-store';
import { errorStatus, serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import {
  IMAGE_PICKER_ACCEPT,
  RichTextEditor,
  SaveStatus,
  useAutosave,
  useLeaveGuard,
  useUpload,
} from '../../../components/admin';
import { useAdminUser } from '../../auth';
import { ConflictNotice } from './EditorNotices';
import { ReviewBar } from './ReviewBar';
import { EMPTY, draftOf, fieldsOf, goOutAt, problemOf, type Draft } from './post-draft';
import { EditorHead, PostSettings, useSettingsPanel } from './PostSettings';
import { useCan } from '../../auth';
import { PublishDialog, publishedTitle, type PostEmailer, type PublishChoice } from './PublishDialog';
import * as styles from './PostSettings.css';

/**
 * Writes a new post or edits one: slug, tags, publishing (draft, scheduled or published), search and
 * sharing fields and revisions. A draft saves itself a few seconds after typing stops; leaving with
 * unsaved changes asks first; a save over someone else's newer one is stopped and explained.
 * `loading`: a post was chosen for editing and has not arrived; the fields take nothing meanwhile,
 * since the post replaces what they hold when it comes.
 */
export function PostEditor({
  editing,
  loading: fetching = false,
  onDone,
  emailer = null,
}: {
  editing: AdminBlogPost | null;
  loading?: boolean;
  onDone: () => void;
  /** The newsletter's part of the publish flow (publish and e-mail, e-mail only), when there is one. */
  emailer?: PostEmailer | null;
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
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [conflict, setConflict] = useState<{
    savedBy: string | null;
    savedAt: string | null;
    mine: boolean;
    version: number;
  } | null>(null);
  const settingsOpen = useSettingsPanel();
  const can = useCan();

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
  };
  useEffect(() => {
    if (openedId !== null && openedId === heldId.current) return;
    load(editing);
    if (editing) titleRef.current?.focus();
    // Only another post resets the form; `editing` itself is read once it has changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openedId]);

  // Until the form holds the post (the render after it arrives, before it is loaded in), as well as
  // while it is fetched: typing in between would land in the fields the post then replaces.
  const loading = fetching || (editing !== null && postId !== editing.id);

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

  /** Saves these fields (a new post, or the one in the form over `expectedVersion`). */
  const persist = (fields: Draft, expectedVersion: number | null) =>
    postId === null
      ? create.mutateAsync(fieldsOf(fields))
      : update.mutateAsync({
          id: postId,
          ...fieldsOf(fields),
          expectedVersion: expectedVersion ?? undefined,
        });

  const save = async (expectedVersion: number | null) => {
    const found = problemOf(draft);
    if (found) {
      setProblem(found);
      // Its field may be in the settings panel: it shows, so the message is seen.
      if (found.field !== 'form') settingsOpen.show();
      if (found.field === 'form') toastMessage(found.message);
      else
        toast({ title: `Failed to ${verb} blog post`, description: found.message, variant: 'destructive' });
      return;
    }
    try {
      await persist(draft, expectedVersion);
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

  // --- The publish flow: publish, publish and e-mail, or e-mail only; now or at a UK time ---
  const [publishing, setPublishing] = useState(false);
  const publish = async ({ what, at }: PublishChoice): Promise<string | null> => {
    const next: Draft =
      what === 'emailOnly'
        ? draft
        : at
          ? { ...draft, status: 'scheduled', ...at }
          : { ...draft, status: 'published', date: '' };
    const found = problemOf(next);
    if (found) return found.message;
    let stored: { id: number };
    try {
      stored = await persist(next, version);
    } catch (error) {
      if (errorStatus(error) === 409) {
        setPublishing(false);
        await showConflict();
        return null;
      }
      return serverMessage(error) ?? 'The post could not be saved. Please try again.';
    }
    let issueId: number | null = null;
    if (what !== 'publish' && emailer) {
      try {
        issueId = (await emailer.email(stored.id, { emailOnly: what === 'emailOnly', at })).issueId;
      } catch (error) {
        // The post is saved as chosen; only its e-mail is missing, and the list can still send it.
        toast({
          title: 'The post is saved, but its e-mail did not go',
          description: `${serverMessage(error) ?? 'Please try again.'} Send it from the posts list ("Send as newsletter") once the post is out.`,
          variant: 'destructive',
        });
      }
    }
    if (what === 'publish' || issueId !== null) toast({ title: publishedTitle({ what, at }) });
    load(null);
    await utils.blog.invalidate();
    // An e-mail going now: its progress. Otherwise back to the posts.
    if (issueId !== null && !at) emailer?.open(issueId);
    else onDone();
    return null;
  };
  const savedStatus = editing?.status ?? (postId === null ? null : saved.status);
  const mayPublish = can('publishOwnPosts');
  const canPublish = savedStatus !== 'published' && mayPublish;

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
    if (postId === null) return false;
    try {
      const post = await restore.mutateAsync({ postId, revisionId: id });
      const next = draftOf(post);
      setDraft(next);
      setSaved(next);
      setVersion(post.version);
      toast({
        title: 'Revision restored',
        description: 'The post is back to that revision, saved as a new one.',
      });
      await utils.blog.invalidate();
      return true;
    } catch (error) {
      if (errorStatus(error) === 409) await showConflict();
      else
        toast({
          title: 'Could not restore the revision',
          description: serverMessage(error),
          variant: 'destructive',
        });
      return false;
    }
  };

  const at = goOutAt(draft);
  const goesOut = at ? `${ukDateLabel(at)} at ${ukWallClock(at).time}` : null;

  return (
    <section
      ref={root}
      className={styles.editor}
      aria-labelledby="blog-form-title"
      aria-busy={loading}
      data-testid="post-editor"
    >
      <SaveStatus
        title={
          <EditorHead
            heading={editing || loading ? 'Edit blog post' : 'Create a blog post'}
            onBack={() => guard.ask(onDone)}
            settings={settingsOpen}
          />
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
      {editing ? (
        <ReviewBar
          post={editing}
          draftsOnly={!mayPublish}
          reviews={can('editAllPosts')}
          dirty={dirty}
          // Submitting or returning saves the post: the next save names the version it made.
          onChanged={(post) => setVersion(post.version)}
        />
      ) : null}
      <form onSubmit={submit} noValidate>
        <fieldset
          className={settingsOpen.open ? styles.layout.open : styles.layout.closed}
          disabled={loading}
        >
          <div className={`${fieldStyles.stack} ${styles.main}`}>
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
            {problem && problem.field !== 'date' && problem.field !== 'form' ? (
              <p className={fieldStyles.error} role="alert">
                {problem.message}
              </p>
            ) : null}
            <div className={fieldStyles.actions}>
              <Button type="submit" disabled={busy || uploader.uploading || conflict !== null}>
                {busy ? 'Saving...' : loading ? 'Loading post...' : editing ? 'Update post' : 'Create post'}
              </Button>
              {canPublish ? (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => setPublishing(true)}
                  disabled={busy || loading || uploader.uploading || conflict !== null}
                >
                  <Send size={16} aria-hidden="true" /> Publish...
                </Button>
              ) : null}
            </div>
          </div>
          <aside
            id="post-settings"
            className={styles.panel}
            aria-label="Post settings"
            hidden={!settingsOpen.open}
          >
            <PostSettings
              draft={draft}
              set={set}
              postId={postId}
              savedSlug={editing?.slug ?? null}
              onSlug={(slug) => {
                setSlugTouched(true);
                set('slug', slug);
              }}
              uploader={uploader}
              dateError={problem?.field === 'date' ? problem.message : undefined}
              goesOut={goesOut}
              revisions={editing ? { onRestore: restoreRevision, restoring: restore.isPending } : null}
              mayPublish={mayPublish}
              authors={
                can('editAllPosts')
                  ? editing
                    ? editing.authors.map((a) => a.id)
                    : user
                      ? [user.id]
                      : []
                  : null
              }
            />
          </aside>
        </fieldset>
      </form>
      <PublishDialog
        open={publishing}
        onOpenChange={setPublishing}
        title={draft.title}
        initialAt={draft.status === 'scheduled' && draft.date ? { date: draft.date, time: draft.time } : null}
        emailer={emailer}
        onConfirm={publish}
      />
      {guard.dialog}
    </section>
  );
}
