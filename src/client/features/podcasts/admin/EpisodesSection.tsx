import { EpisodesList } from './EpisodesList';
import { FeedSettings } from './FeedSettings';

/** The show on the home page: its feed, and every episode, hidden or shown. */
export function EpisodesSection() {
  return (
    <>
      <FeedSettings />
      <EpisodesList />
    </>
  );
}
