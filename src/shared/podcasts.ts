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

export const PODCAST_SHOW_NAME = 'Hertfordshire Voices';

/** The path the player streams an episode's audio from (our own origin, never the host's). */
export function audioProxyPath(id: number): string {
  return `/api/audio-proxy/${id}`;
}

/** Case-insensitive search over title and description (SPEC section 2). */
export function filterEpisodes<T extends Pick<PodcastEpisode, 'title' | 'description'>>(episodes: T[], term: string): T[] {
  const needle = term.trim().toLocaleLowerCase('en-GB');
  if (!needle) return episodes;
  return episodes.filter(
    (e) => e.title.toLocaleLowerCase('en-GB').includes(needle) || e.description.toLocaleLowerCase('en-GB').includes(needle),
  );
}
