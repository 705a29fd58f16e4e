import { keepPreviousData } from '@tanstack/react-query';
import { Download, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import {
  EPISODE_LIMITS,
  episodeFieldsSchema,
  episodeUpdateSchema,
  podcastFeedInputSchema,
  type AdminEpisode,
  type EpisodeSource,
} from '../../../../shared/podcasts.schema';
import { Button } from '../../../components/ui/Button';
import { TextAreaField, TextField } from '../../../components/ui/form/TextField';
import { useSchemaForm } from '../../../components/ui/form/useSchemaForm';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import {
  AdminList,
  useAdminList,
  type AdminListColumn,
  ItemDialogs,
  useItemDialogs,
  shownColumn,
  useToastedChange,
  VisibilityButton,
  ContentForm,
  useContentForm,
  SearchFilter,
  ImageUploadField,
  DateTime,
  putToUploadUrl,
  AdminSection,
  tableStyles as styles,
  adminStyles,
} from '../../admin/kit';

const SOURCE_LABELS: Record<EpisodeSource, string> = {
  feed: 'From the feed',
  manual: 'Added here',
  sample: 'Sample',
};
/** What the server takes (services/audio-uploads.ts); the bytes decide, this only saves a wasted upload. */
const AUDIO_ACCEPT =
  'audio/mpeg,audio/mp4,audio/aac,audio/x-m4a,audio/ogg,audio/wav,audio/x-wav,.mp3,.m4a,.aac,.ogg,.wav';
const AUDIO_MAX_MB = 200;

/** The show on the home page (issue 15.1): its feed, and every episode, hidden or shown. */
export function EpisodesSection() {
  return (
    <>
      <FeedSettings />
      <Episodes />
    </>
  );
}

function FeedSettings() {
  const ids = useId();
  const utils = trpc.useUtils();
  const feed = trpc.podcastAdmin.feed.useQuery();
  const setFeed = trpc.podcastAdmin.setFeed.useMutation();
  const importNow = trpc.podcastAdmin.importNow.useMutation();
  const form = useSchemaForm({ initial: { feedUrl: '' }, schema: podcastFeedInputSchema });
  const { reset } = form;
  useEffect(() => {
    if (feed.data) reset({ feedUrl: feed.data.feedUrl ?? '' });
  }, [feed.data, reset]);

  const failed = (title: string, error: unknown) =>
    toast({ title, description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });
  const submit = form.submit({
    onValid: async (input) => {
      try {
        utils.podcastAdmin.feed.setData(undefined, await setFeed.mutateAsync(input));
        toast({ title: input.feedUrl ? 'Feed address saved' : 'Feed import turned off' });
      } catch (error) {
        failed('Could not save the feed address', error);
      }
    },
  });
  const runImport = async () => {
    try {
      const result = await importNow.mutateAsync();
      toast({ title: 'Feed imported', description: result.message });
    } catch (error) {
      failed('The feed could not be imported', error);
    } finally {
      await Promise.all([utils.podcastAdmin.invalidate(), utils.podcasts.invalidate()]);
    }
  };
  const last = feed.data?.lastImport;
  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <div>
        <h2 id={`${ids}-title`} className={styles.title}>
          Podcast feed
        </h2>
        <p className={styles.lead}>
          The show&apos;s RSS feed from its podcast host. New episodes are added on every import (at start and
          regularly); nothing is ever deleted, and an episode you hide stays hidden.
        </p>
      </div>
      <form className={fieldStyles.stack} onSubmit={submit} noValidate>
        <TextField
          id={`${ids}-url`}
          label="Feed address"
          type="url"
          inputMode="url"
          maxLength={EPISODE_LIMITS.url}
          hint={
            feed.data?.fromConfig
              ? 'Set by the server (PODCAST_FEED_URL) until you save one here.'
              : 'Leave empty and save to stop importing.'
          }
          {...form.field('feedUrl')}
          error={form.errors.feedUrl}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="outline" disabled={form.submitting}>
            Save address
          </Button>
          <Button onClick={() => void runImport()} disabled={importNow.isPending || !feed.data?.feedUrl}>
            <Download size={18} aria-hidden="true" /> {importNow.isPending ? 'Importing...' : 'Import now'}
          </Button>
        </div>
      </form>
      {last ? (
        <p className={styles.muted} role="status">
          Last import <DateTime iso={last.at} />: {last.message}
        </p>
      ) : null}
    </section>
  );
}

function Episodes() {
  const ids = useId();
  const utils = trpc.useUtils();
  const list = useAdminList({});
  const query = trpc.podcastAdmin.episodes.useQuery(
    { page: list.page, pageSize: list.pageSize, q: list.q },
    { placeholderData: keepPreviousData },
  );
  const update = trpc.podcastAdmin.updateEpisode.useMutation();
  const remove = trpc.podcastAdmin.deleteEpisode.useMutation();
  const dialogs = useItemDialogs<AdminEpisode>();
  const refresh = () => Promise.all([utils.podcastAdmin.episodes.invalidate(), utils.podcasts.invalidate()]);

  const { run } = useToastedChange();

  const columns: Array<AdminListColumn<AdminEpisode>> = [
    {
      label: 'Episode',
      primary: true,
      render: (e) => (
        <span className={styles.subjectCell}>
          <span className={styles.strong}>
            {e.episodeNumber !== null ? `${e.episodeNumber}. ` : ''}
            {e.title}
          </span>
          <span className={styles.muted}>{SOURCE_LABELS[e.source]}</span>
        </span>
      ),
    },
    {
      label: 'Published',
      nowrap: true,
      render: (e) => (e.publishedAt ? <DateTime iso={e.publishedAt} /> : '—'),
    },
    shownColumn(),
    {
      label: 'Actions',
      actions: true,
      render: (e) => (
        <>
          {e.source !== 'feed' ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => dialogs.onEditing(e)}
              aria-label={`Edit ${e.title}`}
            >
              <Pencil size={16} aria-hidden="true" /> Edit
            </Button>
          ) : null}
          <VisibilityButton
            visible={e.visible}
            name={e.title}
            noun="episode"
            run={run}
            setVisible={(visible) => update.mutateAsync({ id: e.id, visible }).then(refresh)}
          />
          {e.source !== 'feed' ? (
            <Button
              size="sm"
              variant="danger"
              onClick={() => dialogs.onDeleting(e)}
              aria-label={`Delete ${e.title}`}
            >
              <Trash2 size={16} aria-hidden="true" /> Delete
            </Button>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <AdminSection
      title="Episodes"
      lead="Newest first, as the home page plays them. Episodes from the feed are changed at the podcast host; here you can hide them."
      action={
        <Button onClick={() => dialogs.onEditing('new')}>
          <Plus size={18} aria-hidden="true" /> Add episode
        </Button>
      }
    >
      <div className={styles.filters} role="search" aria-label="Search episodes">
        <SearchFilter
          id={`${ids}-q`}
          placeholder="Title or description"
          value={list.search}
          onChange={list.setSearch}
        />
      </div>
      <AdminList
        caption="Podcast episodes, newest first"
        noun="episodes"
        query={query}
        columns={columns}
        rowKey={(e) => e.id}
        rowTestId="episode-row"
        onPage={list.setPage}
        emptyText="No episodes yet: import the feed or add one."
        filteredEmptyText="No episodes match this search."
        filtered={list.filtered}
        errorText="The episodes could not be loaded. Please refresh the page."
      />
      <ItemDialogs
        {...dialogs}
        noun="episode"
        form={EpisodeForm}
        refresh={refresh}
        deleteDescription={(episode) =>
          `Delete ${episode?.title ?? 'this episode'}? It disappears from the site at once.`
        }
        run={run}
        remove={(episode) => remove.mutateAsync({ id: episode.id }).then(refresh)}
      />
    </AdminSection>
  );
}

/** Uploads an audio file through a signed link of kind audio; resolves with its address or null. */
function useAudioUpload() {
  const createUrl = trpc.uploads.createUploadUrl.useMutation();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File): Promise<string | null> => {
    if (file.size > AUDIO_MAX_MB * 1024 * 1024) {
      toast({
        title: 'File too large',
        description: `Please select an audio file smaller than ${AUDIO_MAX_MB}MB`,
        variant: 'destructive',
      });
      return null;
    }
    setUploading(true);
    try {
      const { uploadURL } = await createUrl.mutateAsync({ kind: 'audio' });
      const path = await putToUploadUrl(file, uploadURL);
      toast({ title: 'Audio uploaded successfully' });
      return path;
    } catch (error) {
      toast({
        title: 'Upload failed',
        description: serverMessage(error) ?? 'Failed to upload the audio file. Please try again.',
        variant: 'destructive',
      });
      return null;
    } finally {
      setUploading(false);
    }
  };
  return { upload, uploading };
}

function EpisodeForm({
  editing,
  done,
  refresh,
}: {
  editing: AdminEpisode | null;
  done: () => void;
  refresh: () => Promise<unknown>;
}) {
  const create = trpc.podcastAdmin.createEpisode.useMutation();
  const update = trpc.podcastAdmin.updateEpisode.useMutation();
  const audio = useAudioUpload();
  const audioFile = useId();
  const { form, frame } = useContentForm({
    initial: {
      title: editing?.title ?? '',
      description: editing?.description ?? '',
      episodeNumber: editing?.episodeNumber?.toString() ?? '',
      audioUrl: editing?.audioUrl ?? '',
      imageUrl: editing?.imageUrl ?? '',
      spotifyUrl: editing?.spotifyUrl ?? '',
    },
    // An edit sends every field of the form; a new episode gets the defaults of the rest.
    schema: editing ? episodeUpdateSchema : episodeFieldsSchema,
    blank: { audioUrl: 'Upload the audio file, or give its address' },
    editing,
    create: (f) => create.mutateAsync(episodeFieldsSchema.parse(f)),
    update: update.mutateAsync,
    noun: 'episode',
    refresh,
    done,
  });
  const pickAudio = async (file: File | undefined) => {
    if (!file) return;
    const path = await audio.upload(file);
    if (path) form.setValue('audioUrl', path);
  };
  return (
    <ContentForm {...frame} busy={frame.busy || audio.uploading}>
      <TextField label="Title" required maxLength={EPISODE_LIMITS.title} {...form.control('title')} />
      <TextAreaField
        label="Description"
        maxLength={EPISODE_LIMITS.description}
        {...form.control('description')}
      />
      <TextField label="Episode number" inputMode="numeric" {...form.control('episodeNumber')} />
      <div className={fieldStyles.field}>
        <label htmlFor={audioFile} className={fieldStyles.label}>
          Audio file
        </label>
        <input
          id={audioFile}
          type="file"
          accept={AUDIO_ACCEPT}
          className={adminStyles.fileInput}
          onChange={(e) => void pickAudio(e.target.files?.[0])}
          disabled={audio.uploading}
        />
        {audio.uploading ? (
          <p className={fieldStyles.hint} role="status">
            Uploading...
          </p>
        ) : null}
      </div>
      <TextField
        label="Audio address"
        hint={`Filled in by the upload (MP3, M4A, OGG or WAV, up to ${AUDIO_MAX_MB}MB), or the address of the file at your podcast host.`}
        maxLength={EPISODE_LIMITS.url}
        required
        {...form.control('audioUrl')}
      />
      <ImageUploadField
        label="Cover image"
        alt="Cover image of the episode"
        {...form.valueControl('imageUrl')}
      />
      <TextField
        label="Spotify link"
        type="url"
        inputMode="url"
        hint="Optional: the episode on open.spotify.com."
        maxLength={EPISODE_LIMITS.url}
        {...form.control('spotifyUrl')}
      />
    </ContentForm>
  );
}
