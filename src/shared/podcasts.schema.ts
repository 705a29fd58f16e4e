import { z } from 'zod';
import { pageField, pageSizeField, searchField } from './paging.schema';
import { PODCAST_PAGE_SIZE, PODCAST_SEARCH_MAX } from './podcasts';

// The podcast episode of the specification, as GET /api/podcasts returns it.
export const podcastEpisodeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  episodeNumber: z.number().int().nullable(),
  /** Where the audio is stored; the browser plays it through GET /api/audio-proxy/{id}. */
  audioUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  spotifyUrl: z.string().nullable(),
  /** ISO 8601, when the feed gives a date. */
  publishedAt: z.string().nullable(),
});
export type PodcastEpisode = z.infer<typeof podcastEpisodeSchema>;

export { PODCAST_PAGE_SIZE } from './podcasts';
export const PODCAST_LIMIT_MAX = 50;

/** GET /api/podcasts: one page of episodes, newest first, optionally searched. */
export const podcastListInputSchema = z.object({
  page: pageField,
  limit: pageSizeField('limit', PODCAST_LIMIT_MAX, PODCAST_PAGE_SIZE),
  /** Searched in title and description, ignoring case. */
  q: searchField(PODCAST_SEARCH_MAX),
});
export type PodcastListInput = z.input<typeof podcastListInputSchema>;

/** GET /api/podcasts/pages: what the home section pages through ({ page: 1 } is the server-rendered one). */
export const podcastPagesInputSchema = podcastListInputSchema.pick({ page: true, q: true });
export type PodcastPagesInput = z.input<typeof podcastPagesInputSchema>;

export const podcastPageSchema = z.object({
  items: z.array(podcastEpisodeSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PodcastPage = z.infer<typeof podcastPageSchema>;

// --- The admin's podcast section ------------------------------------------------------

/** Where an episode came from: the show's feed, added by hand in the admin, or a starter sample. */
export const EPISODE_SOURCES = ['feed', 'manual', 'sample'] as const;
export type EpisodeSource = (typeof EPISODE_SOURCES)[number];

export const adminEpisodeSchema = podcastEpisodeSchema.extend({
  visible: z.boolean(),
  source: z.enum(EPISODE_SOURCES),
});
export type AdminEpisode = z.infer<typeof adminEpisodeSchema>;
export const adminEpisodePageSchema = z.object({
  items: z.array(adminEpisodeSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const EPISODE_LIMITS = { title: 200, description: 5000, url: 500 } as const;
const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const httpUrl = (v: string) => {
  try {
    const url = new URL(v);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};
/** An uploaded file of this site (/objects/uploads/...), or an http(s) address. */
const mediaUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(EPISODE_LIMITS.url)
    .refine((v) => /^\/objects\/uploads\/[a-z2-7]{32}$/.test(v) || httpUrl(v), message);

/** An episode's fields, as an edit sends them: only those given change. */
export const episodeUpdateSchema = z
  .object({
    title: z.string().trim().min(1, 'This field is required').max(EPISODE_LIMITS.title),
    description: z.string().trim().max(EPISODE_LIMITS.description),
    episodeNumber: z.preprocess(blankAsNull, z.coerce.number().int().min(0).max(100_000).nullable()),
    audioUrl: mediaUrl('Upload an audio file, or give its full address starting with https://'),
    imageUrl: z.preprocess(
      blankAsNull,
      mediaUrl('Upload an image, or give its full address starting with https://').nullable(),
    ),
    spotifyUrl: z.preprocess(
      blankAsNull,
      z
        .string()
        .trim()
        .max(EPISODE_LIMITS.url)
        .refine(
          (v) => httpUrl(v) && new URL(v).hostname === 'open.spotify.com',
          'The Spotify link must be an open.spotify.com address',
        )
        .meta({ example: 'https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk' })
        .nullable(),
    ),
    /** When it was published (ISO 8601); now when left out of a new episode. */
    publishedAt: z.preprocess(blankAsNull, z.iso.datetime({ offset: true }).nullable()),
    visible: z.boolean(),
  })
  .partial();

/** A new episode: a title and its audio; what is left out is empty (published now, shown). */
export const episodeFieldsSchema = episodeUpdateSchema.required({ title: true, audioUrl: true }).extend({
  description: episodeUpdateSchema.shape.description.unwrap().default(''),
  episodeNumber: episodeUpdateSchema.shape.episodeNumber.unwrap().default(null),
  imageUrl: episodeUpdateSchema.shape.imageUrl.unwrap().default(null),
  spotifyUrl: episodeUpdateSchema.shape.spotifyUrl.unwrap().default(null),
  publishedAt: episodeUpdateSchema.shape.publishedAt.unwrap().default(null),
});
export type EpisodeFields = z.infer<typeof episodeFieldsSchema>;
export type EpisodeFieldsInput = z.input<typeof episodeFieldsSchema>;

export const episodeListAdminInputSchema = z.object({
  page: podcastListInputSchema.shape.page,
  pageSize: z.coerce
    .number()
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(100, 'pageSize must be at most 100')
    .default(25),
  q: podcastListInputSchema.shape.q,
});

/** The show's feed as the admin sees it: the address, where it comes from, and the last import. */
export const podcastFeedSchema = z.object({
  /** The feed imported by 'Import now' and the regular refresh; null when none is set. */
  feedUrl: z.string().nullable(),
  /** True when the address is PODCAST_FEED_URL of the server's configuration (no admin has set one). */
  fromConfig: z.boolean(),
  lastImport: z
    .object({
      at: z.string(),
      ok: z.boolean(),
      /** 'Imported 12 episodes: 2 new, 10 updated.' or what went wrong. */
      message: z.string(),
    })
    .nullable(),
});
export type PodcastFeed = z.infer<typeof podcastFeedSchema>;

export const podcastFeedInputSchema = z.object({
  feedUrl: z.preprocess(
    blankAsNull,
    z
      .string()
      .trim()
      .max(EPISODE_LIMITS.url)
      .refine(httpUrl, 'The feed address must start with https:// or http://')
      .nullable(),
  ),
});

export const importResultSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  message: z.string(),
});
export type ImportResultOutput = z.infer<typeof importResultSchema>;
