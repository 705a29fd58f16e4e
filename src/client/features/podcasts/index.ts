// The home page's podcasts section, with its player.
export { PodcastsSection } from './PodcastsSection';
