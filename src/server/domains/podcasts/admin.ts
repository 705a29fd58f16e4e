import { randomUUID } from 'node:crypto';
import { count, eq, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Database } from '../../platform/db/client';
import { podcastEpisodes } from './tables';
import type {
  AdminEpisode,
  EpisodeFields,
  EpisodeSource,
  PodcastFeed,
} from '../../../shared/podcasts.schema';
import { changesBetween, type ActivityNote } from '../activity';
import { badRequest, conflict, DomainError, notFound } from '../../platform/errors';
import type { OutboundClient } from '../../platform/outbound';
import { containsPattern, pageOffset, type Page } from '../../platform/paging';
import { importPodcastFeedFromUrl, SAMPLE_GUID_PREFIX, type ImportResult } from './episodes';
import { readSetting, SETTING_KEYS, writeSetting } from '../site-content';

// The admin's podcast section: every episode, hidden ones too; episodes added by hand
// (audio uploaded or at an address); hiding an imported one (the feed's next import updates it but
// never shows it again); the feed's address and an import on request.

/** Episodes added in the admin carry this guid prefix: no feed item can have it, so no import touches them. */
export const MANUAL_GUID_PREFIX = 'manual:';

export const PODCAST_MESSAGES = {
  notFound: 'No such episode',
  feedEpisode:
    "This episode comes from the show's feed, which would undo a change at its next import: hide it instead, or change it at the podcast host.",
  noFeed: 'No podcast feed address is set: enter the feed address first.',
} as const;

function sourceOf(guid: string): EpisodeSource {
  if (guid.startsWith(MANUAL_GUID_PREFIX)) return 'manual';
  if (guid.startsWith(SAMPLE_GUID_PREFIX)) return 'sample';
  return 'feed';
}

type EpisodeRow = typeof podcastEpisodes.$inferSelect;
function toAdminEpisode(row: EpisodeRow): AdminEpisode {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    episodeNumber: row.episodeNumber,
    audioUrl: row.audioUrl,
    imageUrl: row.imageUrl,
    spotifyUrl: row.spotifyUrl,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    visible: row.visible,
    source: sourceOf(row.guid),
  };
}

/** Every episode for the admin, newest first as visitors see them, optionally searched. */
export async function listAllEpisodes(
  db: Database,
  input: { page: number; pageSize: number; q?: string | undefined },
): Promise<Page<AdminEpisode>> {
  const pattern = input.q ? containsPattern(input.q) : null;
  const where = pattern
    ? or(ilike(podcastEpisodes.title, pattern), ilike(podcastEpisodes.description, pattern))
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(podcastEpisodes)
      .where(where)
      .orderBy(
        sql`${podcastEpisodes.publishedAt} desc nulls last`,
        sql`${podcastEpisodes.episodeNumber} desc nulls last`,
        sql`${podcastEpisodes.id} desc`,
      )
      .limit(input.pageSize)
      .offset(pageOffset(input.page, input.pageSize)),
    db.select({ total: count() }).from(podcastEpisodes).where(where),
  ]);
  return {
    items: rows.map(toAdminEpisode),
    total: counted?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

function episodeValues(fields: Partial<EpisodeFields>, now: Date) {
  return {
    title: fields.title,
    description: fields.description,
    episodeNumber: fields.episodeNumber,
    audioUrl: fields.audioUrl,
    imageUrl: fields.imageUrl,
    spotifyUrl: fields.spotifyUrl,
    publishedAt:
      fields.publishedAt === undefined ? undefined : fields.publishedAt ? new Date(fields.publishedAt) : now,
    visible: fields.visible,
  };
}

export async function createEpisode(
  db: Database,
  fields: EpisodeFields,
  now: Date,
  note?: ActivityNote,
): Promise<AdminEpisode> {
  const [row] = await db
    .insert(podcastEpisodes)
    .values({
      ...episodeValues(fields, now),
      title: fields.title,
      guid: `${MANUAL_GUID_PREFIX}${randomUUID()}`,
      publishedAt: fields.publishedAt ? new Date(fields.publishedAt) : now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (note) note.target = `episode ${row!.id}: ${row!.title}`;
  return toAdminEpisode(row!);
}

/**
 * Changes an episode. Only show/hide applies to an episode of the feed: anything else would be
 * overwritten by its next import, so that is refused with a 409 that says so.
 */
export async function updateEpisode(
  db: Database,
  id: number,
  changes: Partial<EpisodeFields>,
  now: Date,
  note?: ActivityNote,
): Promise<AdminEpisode> {
  const values = Object.fromEntries(
    Object.entries(episodeValues(changes, now)).filter(([, v]) => v !== undefined),
  );
  const { before, after } = await db.transaction(async (tx) => {
    const [found] = await tx.select().from(podcastEpisodes).where(eq(podcastEpisodes.id, id)).for('update');
    if (!found) throw notFound(PODCAST_MESSAGES.notFound);
    if (sourceOf(found.guid) === 'feed' && Object.keys(values).some((key) => key !== 'visible'))
      throw conflict(PODCAST_MESSAGES.feedEpisode);
    const [updated] = await tx
      .update(podcastEpisodes)
      .set({ ...values, updatedAt: now })
      .where(eq(podcastEpisodes.id, id))
      .returning();
    return { before: found, after: updated! };
  });
  const episode = toAdminEpisode(after);
  if (note) {
    note.target = `episode ${id}: ${after.title}`;
    note.changes = changesBetween(toAdminEpisode(before), episode);
  }
  return episode;
}

/** Deletes an episode added by hand or a sample; one of the feed would come back at its next import. */
export async function deleteEpisode(db: Database, id: number, note?: ActivityNote): Promise<void> {
  const [found] = await db.select().from(podcastEpisodes).where(eq(podcastEpisodes.id, id));
  if (!found) throw notFound(PODCAST_MESSAGES.notFound);
  if (sourceOf(found.guid) === 'feed') throw conflict(PODCAST_MESSAGES.feedEpisode);
  await db.delete(podcastEpisodes).where(eq(podcastEpisodes.id, id));
  if (note) note.target = `episode ${id}: ${found.title}`;
}

// --- The feed ------------------------------------------------------------------------------------

const feedSettingSchema = z.object({
  /** Left out until an admin saves an address (then PODCAST_FEED_URL applies); null turns imports off. */
  feedUrl: z.string().nullable().optional(),
  lastImport: z.object({ at: z.string(), ok: z.boolean(), message: z.string() }).nullable(),
});
type FeedSetting = z.infer<typeof feedSettingSchema>;

async function readFeedSetting(db: Database): Promise<FeedSetting> {
  return (await readSetting(db, SETTING_KEYS.podcastFeed, feedSettingSchema)) ?? { lastImport: null };
}

/**
 * The feed the site imports: the admin's address once one is saved (an empty one turns the
 * import off), otherwise PODCAST_FEED_URL of the server's configuration.
 */
export async function getPodcastFeed(deps: Pick<AppDeps, 'db' | 'config'>): Promise<PodcastFeed> {
  const saved = await readFeedSetting(deps.db);
  const fromConfig = saved.feedUrl === undefined;
  return {
    feedUrl: fromConfig ? (deps.config.PODCAST_FEED_URL ?? null) : (saved.feedUrl ?? null),
    fromConfig: fromConfig && Boolean(deps.config.PODCAST_FEED_URL),
    lastImport: saved.lastImport,
  };
}

async function saveFeed(db: Database, change: Partial<FeedSetting>, now: Date) {
  await writeSetting(db, SETTING_KEYS.podcastFeed, { ...(await readFeedSetting(db)), ...change }, now);
}

export async function setPodcastFeedUrl(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  feedUrl: string | null,
  note?: ActivityNote,
): Promise<PodcastFeed> {
  const before = await getPodcastFeed(deps);
  await saveFeed(deps.db, { feedUrl }, deps.clock());
  if (note) {
    note.target = 'podcast feed';
    note.changes = changesBetween({ feedUrl: before.feedUrl }, { feedUrl });
  }
  return getPodcastFeed(deps);
}

function describeImport(result: ImportResult): string {
  const total = result.added + result.updated;
  const skipped = result.skipped ? ` ${result.skipped} items without a title or address were skipped.` : '';
  return `Imported ${total} episode${total === 1 ? '' : 's'}: ${result.added} new, ${result.updated} updated.${skipped}`;
}

/**
 * Imports the show's feed now, through the outbound safety of platform/outbound.ts (public
 * addresses only, size and time limits), and remembers the outcome for the admin. What the
 * admin's 'Import now' and the regular refresh call.
 * A feed that cannot be fetched or read changes no episode and throws (502).
 */
export async function importPodcastFeedNow(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock' | 'outbound'>,
  options: { signal?: AbortSignal; outbound?: OutboundClient } = {},
): Promise<ImportResult & { message: string }> {
  const { feedUrl } = await getPodcastFeed(deps);
  if (!feedUrl) throw badRequest(PODCAST_MESSAGES.noFeed);
  try {
    const result = await importPodcastFeedFromUrl(deps.db, feedUrl, {
      ...options,
      outbound: options.outbound ?? deps.outbound,
    });
    const message = describeImport(result);
    await saveFeed(
      deps.db,
      { lastImport: { at: deps.clock().toISOString(), ok: true, message } },
      deps.clock(),
    );
    return { ...result, message };
  } catch (error) {
    if (error instanceof DomainError)
      await saveFeed(
        deps.db,
        { lastImport: { at: deps.clock().toISOString(), ok: false, message: error.message } },
        deps.clock(),
      );
    throw error;
  }
}
