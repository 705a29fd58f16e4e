import type { DomainModule } from '../../domain-module';
import { getPodcastFeed, importPodcastFeedNow, podcastFeedJobs } from './index';
import { podcastAdminRouter, podcastsRouter } from './router';
import { audioProxyRoutes } from './routes/audio-proxy';
import { audioProxyDocs } from './routes/audio-proxy.docs';
import { podcastSeeds } from './seed';

/**
 * What the podcasts domain registers: its procedures, the episodes' audio, the first episodes, and
 * the feed's refresh (of the feed the admin set, or PODCAST_FEED_URL).
 */
export const podcastsModule = {
  namespaces: { podcasts: podcastsRouter, podcastAdmin: podcastAdminRouter },
  routes: (deps) => [audioProxyRoutes(deps)],
  routeDocs: audioProxyDocs,
  seeds: podcastSeeds,
  scheduledJobs: (deps, { log }) => [
    podcastFeedJobs({
      importFeed: async (signal) =>
        (await getPodcastFeed(deps)).feedUrl ? importPodcastFeedNow(deps, { signal }) : null,
      intervalMinutes: deps.config.PODCAST_REFRESH_MINUTES,
      log,
    }),
  ],
} satisfies DomainModule;
