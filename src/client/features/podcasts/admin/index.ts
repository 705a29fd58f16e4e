export { EpisodesSection } from './EpisodesSection';
