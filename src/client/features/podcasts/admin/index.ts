// The podcast episodes' admin section, for the admin shell (pages/admin) only.
export { EpisodesSection } from './EpisodesSection';
