// `npm run podcasts:import [feed-url-or-file]`: imports the show's RSS feed once, from the address
// saved in the admin (or PODCAST_FEED_URL), or from the URL or local XML file given. Adds new episodes and updates known
// ones by guid; never deletes. Exits 1 (and changes nothing) when the feed cannot be read.
import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config';
import { openDatabaseFor } from '../platform/db/data-folder-lock';
import { createOutboundClient } from '../platform/outbound';
import {
  countEpisodes,
  importPodcastFeed,
  importPodcastFeedFromUrl,
  getPodcastFeed,
} from '../domains/podcasts';

async function run(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const db = await openDatabaseFor('npm run podcasts:import', config);
  try {
    const source = process.argv[2] ?? (await getPodcastFeed({ db: db.db, config })).feedUrl;
    if (!source) {
      console.error(
        'No feed to import: save its address in the admin (Podcasts), set PODCAST_FEED_URL, or pass a feed URL or XML file.',
      );
      return 1;
    }
    const result = /^https?:\/\//i.test(source)
      ? await importPodcastFeedFromUrl(db.db, source, {
          outbound: createOutboundClient({ allowPrivate: config.outboundAllowPrivate }),
        })
      : await importPodcastFeed(db.db, fs.readFileSync(source, 'utf8'));
    const total = await countEpisodes(db.db);
    console.log(
      `Imported ${source}: ${result.added} new, ${result.updated} updated, ${result.skipped} skipped; ${total} episodes stored.`,
    );
    return 0;
  } catch (error) {
    console.error(`Import failed, episodes left as they were: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
