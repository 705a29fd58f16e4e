import { useEffect, useId, useRef, useState } from 'react';
import { BLOG_LIMITS, BLOG_MESSAGES, type BlogPost } from '../../../../shared/blog';
import { blogFieldsSchema } from '../../../../shared/blog.schema';
import { Button } from '../../../components/ui/Button';
import { TextAreaField, TextField } from '../../../components/ui/form/TextField';
import { useSchemaForm } from '../../../components/ui/form/useSchemaForm';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import { toast, toastMessage } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import {
  ImageUploadField,
  RichTextEditor,
  IMAGE_PICKER_ACCEPT,
  useUpload,
  adminStyles as styles,
} from '../../admin/kit';
import { AutosaveStatus, type AutosaveState } from './EditorNotices';
import { useLeaveGuard } from './useLeaveGuard';

const EMPTY = { title: '', category: '', excerpt: '', content: '', imageUrl: '' };

/** How long typing must pause before a draft saves itself. */
const AUTOSAVE_AFTER_MS = 3000;

/** The server's fields, and the SPEC's rule (validation rules) that a post has a title and content. */
const blogDraftSchema = blogFieldsSchema.refine(
  (post) => post.title.trim() !== '' && post.content.trim() !== '',
  BLOG_MESSAGES.missingFields,
);

/** Create a post, or edit the one given. New posts start as drafts; the list publishes them. */
export function BlogPostForm({ editing, onDone }: { editing: BlogPost | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.blog.create.useMutation();
  const update = trpc.blog.update.useMutation();
  // The editor's pictures and the featured image: the form waits for either.
  const uploader = useUpload('image');
  const form = useSchemaForm({
    initial: EMPTY,
    schema: blogDraftSchema,
    input: (draft) => ({ ...draft, imageUrl: draft.imageUrl || null }),
  });
  const { reset } = form;
  const titleRef = useRef<HTMLInputElement>(null);
  const contentLabel = useId();
  const verb = editing ? 'update' : 'create';
  /** The values as loaded (or last saved): leaving with others asks first. */
  const [loaded, setLoaded] = useState(EMPTY);
  const root = useRef<HTMLElement>(null);
  const dirty = JSON.stringify(form.values) !== JSON.stringify(loaded);
  const guard = useLeaveGuard(dirty, root);
  /** The draft a new post's first autosave created: the form saves into it from then on. */
  const [draftId, setDraftId] = useState<number | null>(null);
  const [autosave, setAutosave] = useState<AutosaveState>({ state: 'idle' });

  useEffect(() => {
    const values = editing
      ? {
          title: editing.title,
          category: editing.category,
          excerpt: editing.excerpt,
          content: editing.content,
          imageUrl: editing.imageUrl ?? '',
        }
      : EMPTY;
    reset(values);
    setLoaded(values);
    setDraftId(null);
    setAutosave({ state: 'idle' });
    if (editing) titleRef.current?.focus();
  }, [editing, reset]);

  const submit = form.submit({
    onValid: async (fields) => {
      try {
        const id = editing?.id ?? draftId;
        if (id !== null) await update.mutateAsync({ id, ...fields });
        else await create.mutateAsync(fields);
        toast({ title: `Blog post ${verb}d successfully!` });
        await utils.blog.invalidate();
        form.reset();
        setLoaded(EMPTY);
        setDraftId(null);
        setAutosave({ state: 'idle' });
        onDone();
      } catch (error) {
        toast({
          title: `Failed to ${verb} blog post`,
          description: serverMessage(error),
          variant: 'destructive',
        });
      }
    },
    onInvalid: (errors) => {
      if (errors.form) toastMessage(errors.form);
      else
        toast({
          title: `Failed to ${verb} blog post`,
          description: Object.values(errors)[0],
          variant: 'destructive',
        });
    },
  });

  // A draft (a new post, or one not yet published) saves itself once typing has paused for a few
  // seconds, when it has the title and content a post needs; a published post waits for Update post.
  const values = form.values;
  const canAutosave =
    dirty && (editing === null || editing.publishedAt === null) && !form.submitting && !uploader.uploading;
  const saveRef = useRef<() => void>(() => undefined);
  saveRef.current = () => {
    const parsed = blogDraftSchema.safeParse({ ...values, imageUrl: values.imageUrl || null });
    if (!parsed.success) return;
    const sent = values;
    const id = editing?.id ?? draftId;
    setAutosave({ state: 'saving' });
    const saving =
      id !== null
        ? update.mutateAsync({ id, ...parsed.data })
        : create.mutateAsync(parsed.data).then((post) => {
            setDraftId(post.id);
            return post;
          });
    saving
      .then((post) => {
        setLoaded(sent);
        setAutosave({ state: 'saved', at: post.updatedAt });
        void utils.blog.adminPage.invalidate();
      })
      .catch(() => setAutosave({ state: 'failed' }));
  };
  useEffect(() => {
    if (!canAutosave) return;
    const timer = window.setTimeout(() => saveRef.current(), AUTOSAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [canAutosave, values]);

  const busy = create.isPending || update.isPending;
  return (
    <section ref={root} className={styles.panel} aria-labelledby="blog-form-title">
      <h2 id="blog-form-title" className={styles.panelTitle}>
        {editing ? 'Edit blog post' : 'Create a blog post'}
      </h2>
      <AutosaveStatus status={autosave} dirty={dirty} />
      <form className={fieldStyles.stack} onSubmit={submit} noValidate>
        <TextField
          id="post-title"
          ref={titleRef}
          label="Title"
          {...form.field('title')}
          maxLength={BLOG_LIMITS.title}
          required
        />
        <TextField
          id="post-category"
          label="Category"
          hint="For example Marketing Tips, Local News or Events"
          {...form.field('category')}
          maxLength={BLOG_LIMITS.category}
        />
        <TextAreaField
          id="post-excerpt"
          label="Excerpt"
          hint="One or two sentences shown on the blog page under the title."
          {...form.field('excerpt')}
          maxLength={BLOG_LIMITS.excerpt}
        />
        <div className={fieldStyles.field}>
          <span id={contentLabel} className={fieldStyles.label}>
            Content
          </span>
          <RichTextEditor
            id="post-content"
            labelledBy={contentLabel}
            value={form.values.content}
            onChange={(html) => form.setValue('content', html)}
            onUploadImage={uploader.upload}
            imageAccept={IMAGE_PICKER_ACCEPT}
          />
        </div>
        <ImageUploadField
          id="post-image"
          label="Featured image"
          value={form.values.imageUrl}
          onChange={(path) => form.setValue('imageUrl', path)}
          alt="Featured image preview"
          removeLabel="Remove image"
          previewClassName={styles.imagePreview}
          uploader={uploader}
        />
        <div className={fieldStyles.actions}>
          <Button type="submit" disabled={busy || uploader.uploading}>
            {busy ? 'Saving...' : editing ? 'Update post' : 'Create post'}
          </Button>
          {editing ? (
            <Button
              variant="ghost"
              onClick={() =>
                guard.ask(() => {
                  form.reset();
                  onDone();
                })
              }
            >
              Cancel editing
            </Button>
          ) : null}
        </div>
      </form>
      {guard.dialog}
    </section>
  );
}
