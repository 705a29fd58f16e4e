import { z } from 'zod';
import { PODCAST_PAGE_SIZE, PODCAST_SEARCH_MAX } from './podcasts';

// The podcast episode of SPEC section 3, as GET /api/podcasts returns it.
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

const blankAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** GET /api/podcasts: one page of episodes, newest first, optionally searched. */
export const podcastListInputSchema = z.object({
  page: z.coerce
    .number()
    .int('page must be a whole number')
    .min(1, 'page starts at 1')
    .max(100_000)
    .default(1),
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PODCAST_LIMIT_MAX, `limit must be at most ${PODCAST_LIMIT_MAX}`)
    .default(PODCAST_PAGE_SIZE),
  /** Searched in title and description, ignoring case. */
  q: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .max(PODCAST_SEARCH_MAX, `q must be at most ${PODCAST_SEARCH_MAX} characters`)
      .optional(),
  ),
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
