// Podcast facts both sides use; the Zod schema lives in podcasts.schema.ts so pages need not load Zod.
// Imported, then exported: no-cycle skips type imports but not `export type ... from` (the same erased edge).
import type { PodcastEpisode } from './podcasts.schema';
export type { PodcastEpisode };
export const PODCAST_SHOW_NAME = 'Hertfordshire Voices';

/** The path the player streams an episode's audio from (our own origin, never the host's). */
export function audioProxyPath(id: number): string {
  return `/api/audio-proxy/${id}`;
}

/** Episodes the home section shows at first and adds with each "more"; GET /api/podcasts's default page. */
export const PODCAST_PAGE_SIZE = 6;
/** The longest search (q) of GET /api/podcasts; the home section's search box stops there. */
export const PODCAST_SEARCH_MAX = 100;
