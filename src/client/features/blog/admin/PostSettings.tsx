import { ArrowLeft, PanelRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { BLOG_LIMITS } from '../../../../shared/blog';
import { BLOG_SEO_LIMITS, BLOG_SLUG_MAX, BLOG_TAG_LIMITS, slugify } from '../../../../shared/blog-publishing';
import { Button } from '../../../components/ui/Button';
import { TextAreaField, TextField } from '../../../components/ui/form/TextField';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import { useDebounced } from '../../../lib/useDebounced';
import { trpc } from '../../../lib/trpc';
import { ImageUploadField, adminStyles, type Uploader } from '../../../components/admin';
import { blogAdminHref } from './links';
import type { Draft } from './post-draft';
import { PublishingFields } from './PublishingFields';
import { RevisionsPanel } from './RevisionsPanel';
import { SeoPanel } from './SeoPanel';
import { SlugField, type SlugCheck } from './SlugField';
import { TagsInput } from './TagsInput';
import { AuthorsInput } from './AuthorsInput';
import * as styles from './PostSettings.css';

/** Whether the settings panel shows: at first it does, as the fields a new post needs are there. */
export function useSettingsPanel() {
  const [open, setOpen] = useState(true);
  return { open, toggle: () => setOpen((o) => !o), show: () => setOpen(true) };
}

/** The editor's bar: ← Posts (asking first when there are changes), its heading, the panel's toggle. */
export function EditorHead({
  heading,
  onBack,
  settings,
}: {
  heading: string;
  onBack: () => void;
  settings: ReturnType<typeof useSettingsPanel>;
}) {
  return (
    <div className={styles.barHead}>
      <Link
        href={blogAdminHref()}
        className={styles.back}
        // Inside the editor, so the leave guard's own click check passes it by: onBack asks.
        onClick={(event) => {
          event.preventDefault();
          onBack();
        }}
      >
        <ArrowLeft size={16} aria-hidden="true" /> Posts
      </Link>
      <h2 id="blog-form-title" className={adminStyles.panelTitle}>
        {heading}
      </h2>
      <Button
        size="sm"
        variant="outline"
        aria-expanded={settings.open}
        aria-controls="post-settings"
        onClick={settings.toggle}
      >
        <PanelRight size={16} aria-hidden="true" /> Post settings
      </Button>
    </div>
  );
}

/**
 * The address word as typed, checked against the other posts' once typing pauses; a saved post's
 * own address, unchanged, is its own and needs no check.
 */
function useSlugCheck(slug: string, postId: number | null, savedSlug: string | null): SlugCheck {
  const own = slug.trim() === savedSlug;
  const wanted = useDebounced(own ? '' : slug.trim(), 400);
  const query = trpc.blog.slugAvailable.useQuery(
    { slug: wanted, id: postId ?? undefined },
    { enabled: wanted !== '', staleTime: 5000, retry: false },
  );
  if (own || wanted === '' || slug.trim() === '') return { state: 'idle' };
  if (wanted !== slug.trim() || query.isFetching) return { state: 'checking' };
  if (query.isError) return { state: 'error' };
  if (query.data?.available) return { state: 'available' };
  return query.data ? { state: 'taken', suggestion: query.data.suggestion } : { state: 'checking' };
}

/**
 * A saved post's revisions, paged, one chosen to compare with the form; restoring one resolves
 * true once it is the post, and the panel goes back to its first page with nothing chosen.
 */
function PostRevisions({
  postId,
  current,
  onRestore,
  restoring,
}: {
  postId: number;
  current: Draft;
  onRestore: (revisionId: number) => Promise<boolean>;
  restoring: boolean;
}) {
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number | null>(null);
  const revisions = trpc.blog.revisions.useQuery({ postId, page });
  const revision = trpc.blog.revision.useQuery({ id: chosen ?? 0 }, { enabled: chosen !== null });
  return (
    <RevisionsPanel
      list={revisions}
      onPage={setPage}
      selectedId={chosen}
      onSelect={setChosen}
      selected={revision.data && revision.data.id === chosen ? revision.data : null}
      current={current}
      onRestore={(id) =>
        void onRestore(id).then((restored) => {
          if (!restored) return;
          setChosen(null);
          setPage(1);
        })
      }
      restoring={restoring}
    />
  );
}

/**
 * The post's settings beside its text, as Ghost's post settings menu holds them: address,
 * category, tags, excerpt, featured image, publishing, search and sharing, revisions.
 * `revisions`: shown for a post being edited (a new one has none).
 */
export function PostSettings({
  draft,
  set,
  postId,
  savedSlug,
  onSlug,
  uploader,
  dateError,
  goesOut,
  revisions,
  mayPublish,
  authors,
}: {
  draft: Draft;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  postId: number | null;
  /** The address the post has on the site (null for a new post). */
  savedSlug: string | null;
  onSlug: (slug: string) => void;
  uploader: Uploader;
  dateError: string | undefined;
  goesOut: string | null;
  revisions: { onRestore: (id: number) => Promise<boolean>; restoring: boolean } | null;
  /** False for a role that writes drafts only: an editor publishes them. */
  mayPublish: boolean;
  /** The byline as saved (a new post: its maker), for an editor to change; null for other roles. */
  authors: number[] | null;
}) {
  const choices = trpc.blog.authorChoices.useQuery(undefined, {
    enabled: authors !== null,
    staleTime: 60_000,
  });
  const slugCheck = useSlugCheck(draft.slug, postId, savedSlug);
  const [tagText, setTagText] = useState('');
  const tagWanted = useDebounced(tagText.trim(), 250);
  const tagSuggestions = trpc.blog.tagSuggest.useQuery(
    { q: tagWanted },
    { enabled: tagWanted !== '', staleTime: 30_000 },
  );
  return (
    <>
      <h3 className={styles.title}>Post settings</h3>
      <SlugField
        id="post-slug"
        value={draft.slug}
        onChange={onSlug}
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
      {authors !== null ? (
        <AuthorsInput
          id="post-authors"
          value={draft.authorIds ?? authors}
          onChange={(ids) => set('authorIds', ids)}
          choices={choices.data ?? []}
        />
      ) : null}
      <TextAreaField
        id="post-excerpt"
        label="Excerpt"
        hint="One or two sentences shown on the blog page under the title."
        value={draft.excerpt}
        onChange={(e) => set('excerpt', e.target.value)}
        maxLength={BLOG_LIMITS.excerpt}
      />
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
      {mayPublish ? (
        <PublishingFields
          id="post-publishing"
          status={draft.status}
          date={draft.date}
          time={draft.time}
          onStatus={(status) => set('status', status)}
          onDate={(date) => set('date', date)}
          onTime={(time) => set('time', time)}
          errors={dateError ? { date: dateError } : {}}
          goesOut={goesOut}
        />
      ) : (
        <p className={fieldStyles.hint} data-testid="drafts-only">
          Your role saves drafts: an editor publishes them or schedules them.
        </p>
      )}
      <SeoPanel
        id="post-seo"
        values={draft}
        onChange={(key, value) => set(key, value as Draft[typeof key])}
        fallback={{ title: draft.title, description: draft.excerpt, imageUrl: draft.imageUrl }}
        path={`/blog/${draft.slug || slugify(draft.title) || 'your-post'}`}
        limits={BLOG_SEO_LIMITS}
        uploader={uploader}
      />
      {revisions && postId !== null ? (
        <PostRevisions key={postId} postId={postId} current={draft} {...revisions} />
      ) : null}
    </>
  );
}
