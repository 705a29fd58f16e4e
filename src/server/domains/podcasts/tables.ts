import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, visible } from '../../platform/db/columns';

// The podcast's episodes.

export const podcastEpisodes = pgTable(
  'podcast_episodes',
  {
    id: serial('id').primaryKey(),
    /** The feed item's guid (or its audio URL when it has none): what makes an import idempotent. */
    guid: text('guid').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    episodeNumber: integer('episode_number'),
    audioUrl: text('audio_url'),
    imageUrl: text('image_url'),
    spotifyUrl: text('spotify_url'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Hidden by an admin: an import updates the episode but never shows it again. */
    visible: visible(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('podcast_episodes_guid_idx').on(t.guid),
    // The list's order (domains/podcasts/episodes.ts listEpisodes), newest first, and its search.
    index('podcast_episodes_order_idx').on(
      t.publishedAt.desc().nullsLast(),
      t.episodeNumber.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index('podcast_episodes_title_trgm_idx')
      .using('gin', t.title.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    index('podcast_episodes_description_trgm_idx')
      .using('gin', t.description.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
  ],
);
