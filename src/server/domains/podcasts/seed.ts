import type { SeedSet } from '../../platform/db/seed';
import { podcastEpisodes } from './tables';

type NewEpisode = typeof podcastEpisodes.$inferInsert;

// Sample episodes for a fresh install: their audio is a short chime served by this site
// (public/audio, written by scripts/generate-sample-audio.mjs), so the player works before the
// show's feed is configured. Their guids start with 'sample:'; once the feed has supplied real
// episodes the list shows those instead (see domains/podcasts/episodes.ts).
const podcastEpisodesSeed: NewEpisode[] = [
  {
    guid: 'sample:market-towns',
    episodeNumber: 3,
    title: 'Market Day: Keeping Hitchin and Hertford High Streets Busy',
    description:
      'Traders from Hitchin market and Hertford’s Maidenhead Street tell us what brings shoppers back on a wet Tuesday, how the Saturday farmers’ markets have changed, and what the county’s independent shops want from the council’s parking review.',
    audioUrl: '/audio/sample-market-towns.wav',
    imageUrl: null,
    spotifyUrl: 'https://open.spotify.com/search/Hertfordshire%20Voices',
    publishedAt: new Date('2025-10-14T07:00:00Z'),
  },
  {
    guid: 'sample:lea-valley',
    episodeNumber: 2,
    title: 'Walking the Lea Valley: From Ware to Hertford Lock',
    description:
      'A morning on the towpath with the volunteers who look after the River Lea between Ware and Hertford: kingfishers, narrowboats, the new wildflower banks and the best café stops along the way.',
    audioUrl: '/audio/sample-lea-valley.wav',
    imageUrl: null,
    spotifyUrl: 'https://open.spotify.com/search/Hertfordshire%20Voices',
    publishedAt: new Date('2025-09-30T07:00:00Z'),
  },
  {
    guid: 'sample:welcome',
    episodeNumber: 1,
    title: 'Welcome to Hertfordshire Voices',
    description:
      'Who we are and what is coming up: conversations with the people who run St Albans’ cafés, Stevenage’s start-ups and the village halls of East Herts, every fortnight.',
    audioUrl: '/audio/sample-welcome.wav',
    imageUrl: null,
    spotifyUrl: 'https://open.spotify.com/search/Hertfordshire%20Voices',
    publishedAt: new Date('2025-09-16T07:00:00Z'),
  },
];

export const podcastSeeds: SeedSet[] = [
  {
    key: 'podcast-episodes:v1',
    apply: (tx) => tx.insert(podcastEpisodes).values(podcastEpisodesSeed).onConflictDoNothing(),
  },
];
