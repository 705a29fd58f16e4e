import { ImageUp, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { BlogPost } from '../../../shared/blog';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { TextField } from '../auth/TextField';
import * as formStyles from '../auth/Form.css';
import { RichTextEditor } from './RichTextEditor';
import { useImageUpload } from './useImageUpload';
import * as styles from './Admin.css';

interface Draft {
  title: string;
  category: string;
  excerpt: string;
  content: string;
  imageUrl: string;
}
const EMPTY: Draft = { title: '', category: '', excerpt: '', content: '', imageUrl: '' };
const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/** Create a post, or edit the one given. New posts start as drafts; the list publishes them. */
export function BlogPostForm({ editing, onDone }: { editing: BlogPost | null; onDone: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.blog.create.useMutation();
  const update = trpc.blog.update.useMutation();
  const { upload, uploading } = useImageUpload();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const titleRef = useRef<HTMLInputElement>(null);
  const contentLabel = useId();
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setDraft(
      editing
        ? { title: editing.title, category: editing.category, excerpt: editing.excerpt, content: editing.content, imageUrl: editing.imageUrl ?? '' }
        : EMPTY,
    );
    if (editing) titleRef.current?.focus();
  }, [editing]);

  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim() || !draft.content.trim()) {
      toast({ title: 'Missing required fields', description: 'Title and content are required', variant: 'destructive' });
      return;
    }
    const fields = {
      title: draft.title,
      category: draft.category,
      excerpt: draft.excerpt,
      content: draft.content,
      imageUrl: draft.imageUrl || null,
    };
    const verb = editing ? 'update' : 'create';
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...fields });
      else await create.mutateAsync(fields);
      toast({ title: `Blog post ${verb}d successfully!` });
      await utils.blog.invalidate();
      setDraft(EMPTY);
      onDone();
    } catch (error) {
      toast({ title: `Failed to ${verb} blog post`, description: serverMessage(error), variant: 'destructive' });
    }
  };

  const pickFeatured = async (file: File | undefined) => {
    if (!file) return;
    const path = await upload(file);
    if (path) set('imageUrl')(path);
    if (fileInput.current) fileInput.current.value = '';
  };

  const busy = create.isPending || update.isPending;
  return (
    <section className={styles.panel} aria-labelledby="blog-form-title">
      <h2 id="blog-form-title" className={styles.panelTitle}>
        {editing ? 'Edit blog post' : 'Create a blog post'}
      </h2>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField id="post-title" ref={titleRef} label="Title" value={draft.title} onChange={(e) => set('title')(e.target.value)} maxLength={200} required />
        <TextField
          id="post-category"
          label="Category"
          hint="For example Marketing Tips, Local News or Events"
          value={draft.category}
          onChange={(e) => set('category')(e.target.value)}
          maxLength={60}
        />
        <div className={formStyles.field}>
          <label htmlFor="post-excerpt" className={formStyles.label}>
            Excerpt
          </label>
          <textarea
            id="post-excerpt"
            className={formStyles.textarea}
            value={draft.excerpt}
            onChange={(e) => set('excerpt')(e.target.value)}
            maxLength={1000}
            aria-describedby="post-excerpt-hint"
          />
          <p id="post-excerpt-hint" className={formStyles.hint}>
            One or two sentences shown on the blog page under the title.
          </p>
        </div>
        <div className={formStyles.field}>
          <span id={contentLabel} className={formStyles.label}>
            Content
          </span>
          <RichTextEditor id="post-content" labelledBy={contentLabel} value={draft.content} onChange={set('content')} onUploadImage={upload} imageAccept={ACCEPT} />
        </div>
        <div className={formStyles.field}>
          <label htmlFor="post-image" className={formStyles.label}>
            Featured image
          </label>
          <div className={styles.uploadRow}>
            <input
              ref={fileInput}
              id="post-image"
              type="file"
              accept={ACCEPT}
              className={styles.fileInput}
              onChange={(e) => void pickFeatured(e.target.files?.[0])}
              disabled={uploading}
              aria-describedby="post-image-hint"
            />
            {uploading ? (
              <span className={formStyles.hint} role="status">
                <ImageUp size={16} aria-hidden="true" /> Uploading...
              </span>
            ) : null}
          </div>
          <p id="post-image-hint" className={formStyles.hint}>
            JPEG, PNG, GIF or WebP, up to 5MB.
          </p>
          {draft.imageUrl ? (
            <div className={styles.uploadRow}>
              <img src={draft.imageUrl} alt="Featured image preview" className={styles.imagePreview} />
              <Button variant="ghost" size="sm" onClick={() => set('imageUrl')('')}>
                <X size={16} aria-hidden="true" /> Remove image
              </Button>
            </div>
          ) : null}
        </div>
        <div className={formStyles.actions}>
          <Button type="submit" disabled={busy || uploading}>
            {busy ? 'Saving...' : editing ? 'Update post' : 'Create post'}
          </Button>
          {editing ? (
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(EMPTY);
                onDone();
              }}
            >
              Cancel editing
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
