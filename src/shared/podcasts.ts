import type { PodcastEpisode } from './podcasts.schema';

// Podcast facts both sides use; the Zod schema lives in podcasts.schema.ts so pages need not load Zod.
export type { PodcastEpisode } from './podcasts.schema';
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
