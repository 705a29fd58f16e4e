// What the rest of the server may use of the podcasts domain: importing the feed (at start, on a
// schedule, from the command line) and listing episodes.
export { getPodcastFeed, importPodcastFeedNow } from './admin';
export {
  countEpisodes,
  episodeListQueries,
  everyMinutesCron,
  FEED_REFRESH_QUEUE,
  importPodcastFeed,
  importPodcastFeedFromUrl,
  listEpisodes,
  podcastFeedJobs,
} from './episodes';
