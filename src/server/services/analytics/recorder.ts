import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';
import { browserOf, classifySource, deviceOf, isNotAReader } from './classify';
import { countryNow, countryOf } from './country';
import { ViewBuffer, viewRowsFor } from './view-rows';
import { createSaltKeeper, dayOf, visitorHash } from './visitor';

/** What the transport passes of one request: no Fastify types here. */
export interface Visit {
  ip: string;
  userAgent: string;
  host: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface PageViewBeacon {
  /** The page's path with its query (UTM parameters are read from it, then the query is dropped). */
  url: string;
  /** document.referrer on a visit's first page ('' for none); left out for views inside the site. */
  referrer?: string | null;
  width?: number | null;
}

export type ConversionKind = 'newsletter_signup' | 'enquiry' | 'workshop_reservation' | 'checkout';
export const CONVERSION_KINDS: ConversionKind[] = [
  'newsletter_signup',
  'enquiry',
  'workshop_reservation',
  'checkout',
];

/**
 * A conversion waits in memory with what hashes its visitor (the address never leaves memory): it
 * is counted inside the submitting request's transaction, where the day's salt cannot be read from
 * the database (on PGlite, one connection, that would wait for the transaction itself).
 */
interface ConversionRow {
  at: Date;
  day: string;
  kind: ConversionKind;
  visit: Pick<Visit, 'ip' | 'userAgent' | 'host'>;
}

/** Page views written together at most once a flush interval (docs/decisions/0016-analytics-without-cookies.md). */
export const FLUSH_INTERVAL_MS = 1000;
/** A buffer this full is written at once, so a burst never holds more than one batch in memory. */
export const MAX_BATCH = 5000;
/** Rows per insert statement within a batch (see writeBatch). */
const WRITE_CHUNK = 250;

export interface AnalyticsRecorder {
  /**
   * Counts a page view unless it is a bot or a prefetch; false when it was not counted. The answer
   * is at once (a boolean) unless the view waits for the day's salt or the country data (a promise).
   */
  pageView(visit: Visit, beacon: PageViewBeacon): boolean | Promise<boolean>;
  /** Counts a conversion, credited to the source and last page of the same visitor today. */
  conversion(visit: Visit, kind: ConversionKind): Promise<void>;
  /** Writes what is buffered now (the timer does this every second; close does it last). */
  flush(): Promise<void>;
  close(): Promise<void>;
  /** Views waiting in this instance's buffer. */
  buffered(): number;
}

export function createAnalyticsRecorder(
  deps: { db: Database; clock: () => Date; database?: Pick<DatabaseHandle, 'copyIn'> },
  options: { log?: { warn(obj: object, msg: string): void }; flushIntervalMs?: number } = {},
): AnalyticsRecorder {
  const saltOf = createSaltKeeper(deps.db);
  const rows = viewRowsFor(deps.db, deps.database);
  // One buffer fills while the full ones wait their turn to be written; written, each is reused.
  let views = new ViewBuffer(MAX_BATCH);
  const full: ViewBuffer[] = [];
  const spare: ViewBuffer[] = [];
  const rotate = () => {
    full.push(views);
    views = spare.pop() ?? new ViewBuffer(MAX_BATCH);
  };
  let conversions: ConversionRow[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let closed = false;
  // Views still being described (salt, country): a flush waits for them, so none is left behind.
  const describing = new Set<Promise<unknown>>();

  const writeViews = async (batch: ViewBuffer) => {
    let written = 0;
    try {
      // A second's views go in chunks with a turn of the event loop between them: one statement
      // for 5,000 rows held every request waiting while it ran (on PGlite the database runs on
      // this thread). Only the batch's last chunk waits for the disk, and its flush takes the
      // earlier chunks' log records with it: one fsync a batch instead of one a chunk (on PGlite a
      // synchronous fsync on this thread), and a crash still loses at most the batch being written.
      for (let start = 0; start < batch.length; start += WRITE_CHUNK) {
        if (start > 0) await new Promise((resolve) => setImmediate(resolve));
        const end = Math.min(batch.length, start + WRITE_CHUNK);
        await rows.write(batch.lines(start, end), end === batch.length);
        written = end;
      }
    } catch (error) {
      // Analytics may lose a batch (the decision record says so); the site goes on.
      options.log?.warn({ err: error, lost: batch.length - written }, 'analytics batch not written');
    }
  };

  // A conversion takes the source of the visitor's first view of the day and the path of their
  // last one; without a counted view it is 'Direct' on an unknown page.
  const writeConversions = async (batch: ConversionRow[]) => {
    try {
      for (const c of batch) {
        const visitor = visitorHash(await saltOf(c.day), c.visit.host, c.visit.ip, c.visit.userAgent);
        await deps.db.execute(sql`
          insert into analytics_conversions (at, day, kind, source, path)
          select ${c.at.toISOString()}::timestamptz, ${c.day}::date, ${c.kind},
            coalesce((select source from analytics_page_views
                      where day = ${c.day}::date and visitor = ${visitor} and source is not null
                      order by at limit 1), 'Direct'),
            coalesce((select path from analytics_page_views
                      where day = ${c.day}::date and visitor = ${visitor} order by at desc limit 1), '(unknown)')`);
      }
    } catch (error) {
      options.log?.warn({ err: error }, 'analytics conversions not written');
    }
  };

  const flush = (): Promise<void> => {
    flushing = flushing.then(async () => {
      await Promise.allSettled([...describing]);
      if (views.length > 0) rotate();
      const batchConversions = conversions;
      conversions = [];
      for (let batch = full.shift(); batch; batch = full.shift()) {
        await writeViews(batch);
        batch.clear();
        spare.push(batch);
      }
      if (batchConversions.length > 0) await writeConversions(batchConversions);
    });
    return flushing;
  };

  const timer = setInterval(() => void flush(), options.flushIntervalMs ?? FLUSH_INTERVAL_MS);
  timer.unref();

  // The UTC day of a moment, remembered until midnight, instead of a toISOString on every view.
  let today = { from: 0, to: 0, day: '' };
  const dayAt = (ms: number): string => {
    if (ms < today.from || ms >= today.to) {
      const day = dayOf(new Date(ms));
      const from = Date.parse(`${day}T00:00:00Z`);
      today = { from, to: from + 86_400_000, day };
    }
    return today.day;
  };

  return {
    pageView(visit, beacon) {
      if (closed || isNotAReader(visit.userAgent, visit.headers)) return false;
      const at = deps.clock().getTime();
      const day = dayAt(at);
      // Nearly every view: the day's salt is known and the country data loaded, so it is described
      // and buffered now, without a promise, a closure or a turn of the microtask queue (each of
      // them a cost on the beacon's thread, and garbage for the collector, 5,000 times a second).
      const salt = saltOf.known(day);
      const country = salt === null ? undefined : countryNow(visit.ip);
      if (country !== undefined) {
        try {
          return describe(visit, beacon, at, day, salt!, country);
        } catch (error) {
          options.log?.warn({ err: error }, 'page view not counted');
          return false;
        }
      }
      const described = describeLater(visit, beacon, at, day);
      describing.add(described);
      void described.finally(() => describing.delete(described));
      return described;
    },
    conversion(visit, kind) {
      if (closed) return Promise.resolve();
      const at = deps.clock();
      conversions.push({
        at,
        day: dayOf(at),
        kind,
        visit: { ip: visit.ip, userAgent: visit.userAgent, host: visit.host },
      });
      return Promise.resolve();
    },
    flush,
    async close() {
      closed = true;
      clearInterval(timer);
      await flush();
    },
    buffered: () => full.reduce((n, batch) => n + batch.length, views.length),
  };

  /** A view once the day's salt and the country are known; false when it is not a page of the site. */
  function describe(
    visit: Visit,
    beacon: PageViewBeacon,
    at: number,
    day: string,
    salt: string,
    country: string | null,
  ): boolean {
    let url: URL;
    try {
      url = new URL(beacon.url, 'http://site.invalid');
    } catch {
      return false;
    }
    if (url.host !== 'site.invalid' || closed) return false;
    const { source, campaign } = classifySource(url.searchParams, beacon.referrer, visit.host);
    const line = rows.row({
      atMs: at,
      day,
      visitor: visitorHash(salt, visit.host, visit.ip, visit.userAgent),
      path: printable(safeDecode(url.pathname)).slice(0, 300),
      source: source === null ? null : printable(source),
      campaign: campaign === null ? null : printable(campaign),
      country,
      device: deviceOf(visit.userAgent, beacon.width ?? null),
      browser: browserOf(visit.userAgent),
    });
    views.add(line);
    // A full buffer is written at once, so a burst never waits a second holding more than a batch.
    if (views.length >= MAX_BATCH) {
      rotate();
      void flush();
    }
    return true;
  }

  /** The first views of a day (its salt is read or made) and of the process (the country data loads). */
  async function describeLater(
    visit: Visit,
    beacon: PageViewBeacon,
    at: number,
    day: string,
  ): Promise<boolean> {
    const salt = await saltOf(day);
    return describe(visit, beacon, at, day, salt, await countryOf(visit.ip));
  }
}

/**
 * Without control characters: a page address or campaign name has none worth keeping, and a NUL
 * (a beacon for /a%00b) cannot be stored in a text column at all: it failed the whole chunk it
 * was written in, other visitors' views with it.
 */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(text) ? text.replace(/[\u0000-\u001f\u007f]/g, '') : text;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
