import type Parser from 'rss-parser';
import { and, count, desc, eq, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type { JobDefinition } from '../../platform/jobs/queue';
import type { Database } from '../../platform/db/client';
import { podcastEpisodes } from './tables';
import type { PodcastEpisode } from '../../../shared/podcasts';
import { DomainError, notFound } from '../../platform/errors';
import { OutboundError, type OutboundClient } from '../../platform/outbound';
import { containsPattern, pageOffset, type Page } from '../../platform/paging';

/** Seeded sample episodes carry this guid prefix; they step aside once the real feed has episodes. */
export const SAMPLE_GUID_PREFIX = 'sample:';

const DESCRIPTION_MAX = 5000;
const FEED_MAX_BYTES = 10 * 1024 * 1024;

const publicColumns = {
  id: podcastEpisodes.id,
  title: podcastEpisodes.title,
  description: podcastEpisodes.description,
  episodeNumber: podcastEpisodes.episodeNumber,
  audioUrl: podcastEpisodes.audioUrl,
  imageUrl: podcastEpisodes.imageUrl,
  spotifyUrl: podcastEpisodes.spotifyUrl,
  publishedAt: podcastEpisodes.publishedAt,
};

export interface EpisodeFilter {
  page: number;
  pageSize: number;
  q?: string | undefined;
}

const isSample = sql`${podcastEpisodes.guid} like ${`${SAMPLE_GUID_PREFIX}%`}`;
/** Newest first (the order podcast_episodes_order_idx keeps). */
const episodeOrder = [
  sql`${podcastEpisodes.publishedAt} desc nulls last`,
  sql`${podcastEpisodes.episodeNumber} desc nulls last`,
  desc(podcastEpisodes.id),
];

function episodeWhere(filter: EpisodeFilter, realOnly: boolean): SQL | undefined {
  // An episode an admin hid is in no public answer.
  const conditions: SQL[] = [eq(podcastEpisodes.visible, true)];
  if (realOnly) conditions.push(not(isSample));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(or(ilike(podcastEpisodes.title, pattern), ilike(podcastEpisodes.description, pattern))!);
  }
  return and(...conditions);
}

/** The list's queries, built but not run: listEpisodes runs them, tests/api/query-plans.test.ts reads their plans. */
export const episodeListQueries = {
  /** Whether a real episode has been imported (walks the list's index from the newest). */
  anyReal: (db: Database) =>
    db
      .select({ id: podcastEpisodes.id })
      .from(podcastEpisodes)
      .where(not(isSample))
      .orderBy(...episodeOrder)
      .limit(1),
  page: (db: Database, filter: EpisodeFilter, realOnly: boolean) =>
    db
      .select(publicColumns)
      .from(podcastEpisodes)
      .where(episodeWhere(filter, realOnly))
      .orderBy(...episodeOrder)
      .limit(filter.pageSize)
      .offset(pageOffset(filter.page, filter.pageSize)),
  count: (db: Database, filter: EpisodeFilter, realOnly: boolean) =>
    db.select({ total: count() }).from(podcastEpisodes).where(episodeWhere(filter, realOnly)),
};

/**
 * The episodes to show, newest first. The seeded samples are listed only while no real episode
 * has been imported, so a fresh install plays something and a live one shows only the show.
 */
export async function listEpisodes(db: Database, filter: EpisodeFilter): Promise<Page<PodcastEpisode>> {
  const [real] = await episodeListQueries.anyReal(db);
  const [rows, [counted]] = await Promise.all([
    episodeListQueries.page(db, filter, Boolean(real)),
    episodeListQueries.count(db, filter, Boolean(real)),
  ]);
  return {
    items: rows.map((r) => ({ ...r, publishedAt: r.publishedAt ? r.publishedAt.toISOString() : null })),
    total: counted?.total ?? 0,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/** The stored audio URL of a known episode, for the audio proxy; NotFound for anything else. */
export async function getEpisodeAudioUrl(db: Database, id: number): Promise<string> {
  const [row] = await db
    .select({ audioUrl: podcastEpisodes.audioUrl })
    .from(podcastEpisodes)
    .where(and(eq(podcastEpisodes.id, id), eq(podcastEpisodes.visible, true)));
  if (!row) throw notFound('Episode not found');
  if (!row.audioUrl) throw notFound('This episode has no audio');
  return row.audioUrl;
}

export interface ImportResult {
  added: number;
  updated: number;
  /** Items skipped because they had no title or no way to identify them. */
  skipped: number;
}

type FeedItem = Parser.Item & {
  itunes?: { episode?: string; image?: string; summary?: string };
};

type FeedParser = Parser<Record<string, unknown>, FeedItem>;
let parserLoaded: Promise<FeedParser> | undefined;
/** rss-parser and its XML parser, loaded on the first import of a feed rather than at every start. */
function loadParser(): Promise<FeedParser> {
  parserLoaded ??= import('rss-parser').then(
    ({ default: RssParser }) => new RssParser<Record<string, unknown>, FeedItem>(),
  );
  return parserLoaded;
}

function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function spotifyUrl(value: unknown): string | null {
  const url = httpUrl(value);
  return url && new URL(url).hostname === 'open.spotify.com' ? url : null;
}

function plainText(value: string | undefined): string {
  return (value ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, DESCRIPTION_MAX);
}

/**
 * Imports the episodes of an RSS feed. Idempotent by guid: a new guid is added, a known one is
 * updated in place, and nothing is ever deleted. A feed that does not parse throws before anything
 * is written, so the current list stays as it is.
 */
export async function importPodcastFeed(db: Database, xml: string): Promise<ImportResult> {
  let feed: Awaited<ReturnType<FeedParser['parseString']>>;
  try {
    feed = await (await loadParser()).parseString(xml);
  } catch (error) {
    throw new DomainError('BAD_GATEWAY', `The podcast feed could not be read: ${(error as Error).message}`);
  }
  if (!Array.isArray(feed.items))
    throw new DomainError('BAD_GATEWAY', 'The podcast feed has no episodes list');

  const feedImage = httpUrl(feed.itunes?.image) ?? httpUrl(feed.image?.url);
  const feedSpotify = spotifyUrl(feed.link);
  let skipped = 0;
  const rows = new Map<string, typeof podcastEpisodes.$inferInsert>();
  for (const item of feed.items) {
    const audioUrl = httpUrl(item.enclosure?.url);
    const guid = (typeof item.guid === 'string' && item.guid.trim()) || audioUrl || httpUrl(item.link);
    const title = plainText(item.title);
    if (!guid || !title || guid.startsWith(SAMPLE_GUID_PREFIX)) {
      skipped++;
      continue;
    }
    const episode = Number.parseInt(String(item.itunes?.episode ?? ''), 10);
    const published = item.isoDate ? new Date(item.isoDate) : null;
    rows.set(guid, {
      guid,
      title,
      description: plainText(item.contentSnippet || item.itunes?.summary || item.content || item.summary),
      episodeNumber: Number.isFinite(episode) && episode >= 0 && episode < 2 ** 31 ? episode : null,
      audioUrl,
      imageUrl: httpUrl(item.itunes?.image) ?? feedImage,
      spotifyUrl: spotifyUrl(item.link) ?? feedSpotify,
      publishedAt: published && !Number.isNaN(published.getTime()) ? published : null,
    });
  }
  if (rows.size === 0) return { added: 0, updated: 0, skipped };

  return db.transaction(async (tx) => {
    const guids = [...rows.keys()];
    const existing = new Set<string>();
    // Look the guids up in slices so a very long feed stays within parameter limits.
    for (let i = 0; i < guids.length; i += 500) {
      const found = await tx
        .select({ guid: podcastEpisodes.guid })
        .from(podcastEpisodes)
        .where(inArray(podcastEpisodes.guid, guids.slice(i, i + 500)));
      for (const f of found) existing.add(f.guid);
    }
    const values = [...rows.values()];
    for (let i = 0; i < values.length; i += 200) {
      await tx
        .insert(podcastEpisodes)
        .values(values.slice(i, i + 200))
        .onConflictDoUpdate({
          target: podcastEpisodes.guid,
          set: {
            title: sql`excluded.title`,
            description: sql`excluded.description`,
            episodeNumber: sql`excluded.episode_number`,
            audioUrl: sql`excluded.audio_url`,
            imageUrl: sql`excluded.image_url`,
            spotifyUrl: sql`excluded.spotify_url`,
            publishedAt: sql`excluded.published_at`,
            updatedAt: sql`now()`,
          },
        });
    }
    return { added: guids.filter((g) => !existing.has(g)).length, updated: existing.size, skipped };
  });
}

/**
 * Fetches the feed over http(s), only from public addresses (platform/outbound.ts), reading at
 * most 10 MB as it streams, and imports it; any failure leaves the episodes as they are.
 */
export async function importPodcastFeedFromUrl(
  db: Database,
  feedUrl: string,
  options: { outbound: OutboundClient; timeoutMs?: number; signal?: AbortSignal },
): Promise<ImportResult> {
  if (!httpUrl(feedUrl))
    throw new DomainError('BAD_REQUEST', 'The podcast feed address must be an http(s) URL');
  let xml: string;
  const timeoutMs = options.timeoutMs ?? 30_000;
  try {
    const res = await options.outbound.getText(feedUrl, {
      headers: { Accept: 'application/rss+xml, application/xml, text/xml;q=0.9, */*;q=0.5' },
      timeoutMs,
      maxBytes: FEED_MAX_BYTES,
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])]),
    });
    if (res.status < 200 || res.status > 299) throw new Error(`the feed answered ${res.status}`);
    xml = res.text;
  } catch (error) {
    const reason =
      error instanceof OutboundError && error.kind === 'too-large'
        ? 'the feed is larger than 10 MB'
        : (error as Error).message;
    throw new DomainError('BAD_GATEWAY', `The podcast feed could not be fetched: ${reason}`);
  }
  return importPodcastFeed(db, xml);
}

export interface FeedRefreshLogger {
  info(obj: object, msg: string): void;
}

/** The job queue's queue of feed refreshes (stately: one waiting and one running at most). */
export const FEED_REFRESH_QUEUE = 'podcast-feed-refresh';

/** A cron expression for 'every n minutes' (to the hour for 60 and more, at most daily). */
export function everyMinutesCron(minutes: number): string {
  if (minutes < 60) return `*/${minutes} * * * *`;
  const hours = Math.min(24, Math.round(minutes / 60));
  return hours >= 24 ? '0 0 * * *' : `0 */${hours} * * *`;
}

/**
 * The feed refresh as a scheduled job: every intervalMinutes, once across all
 * instances, never two at a time. `importFeed` imports the feed the admin set (or PODCAST_FEED_URL)
 * and answers null when there is none. A failed import keeps the episodes, is retried twice, and
 * then shows in the admin's failed jobs. main.ts also sends one at start.
 */
export function podcastFeedJobs(options: {
  importFeed: (signal: AbortSignal) => Promise<ImportResult | null>;
  intervalMinutes: number;
  log: FeedRefreshLogger;
}): JobDefinition<object> {
  const { importFeed, log } = options;
  return {
    queue: FEED_REFRESH_QUEUE,
    policy: 'stately',
    retryLimit: 2,
    schedule: everyMinutesCron(options.intervalMinutes),
    async run(job) {
      const result = await importFeed(job.signal);
      if (result) log.info({ ...result }, 'podcast feed imported');
    },
  };
}

/** How many episodes are stored, samples included (the import command reports it). */
export async function countEpisodes(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(podcastEpisodes);
  return row?.n ?? 0;
}
