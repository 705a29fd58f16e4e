import { useId } from 'react';
import {
  EPISODE_LIMITS,
  episodeFieldsSchema,
  episodeUpdateSchema,
  type AdminEpisode,
} from '../../../../shared/podcasts.schema';
import { TextAreaField, TextField } from '../../../components/ui/form/TextField';
import * as fieldStyles from '../../../components/ui/form/Field.css';
import { trpc } from '../../../lib/trpc';
import {
  AUDIO_MAX_MB,
  AUDIO_PICKER_ACCEPT,
  ContentForm,
  ImageUploadField,
  adminStyles,
  useContentForm,
  useUpload,
} from '../../../components/admin';

/** An episode added here: its words, its audio file (uploaded or an address) and its cover. */
export function EpisodeForm({
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
  const audio = useUpload('audio');
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
          accept={AUDIO_PICKER_ACCEPT}
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
