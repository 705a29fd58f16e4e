import { z } from 'zod';

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
