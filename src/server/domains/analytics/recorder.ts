import { sql } from 'drizzle-orm';
import type { ConversionKind } from '../../../shared/analytics.schema';
import type { Database, DatabaseHandle } from '../../platform/db/client';
import { DIRECT_SOURCE, NO_VISIT } from './classify';
import { createDescriber, takenLine, visitorHash, type LineChunk } from './describer';
import {
  leftOut,
  pageAddress,
  pathOf,
  visitFrom,
  type PageViewBeacon,
  type Visit,
  type VisitRequest,
} from './pipeline';
import { ViewBuffer } from './view-lines';
import { viewRowsFor } from './view-rows';
import { createSitePages, recordPagesOf, type SitePages } from './site-pages';
import { createSaltKeeper, dayOf } from './visitor';

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
/**
 * Views answered 202 and not yet on disk (waiting to be described, buffered or being written) are
 * at most one batch: a crash loses no more, and a beacon beyond it is refused (503) instead.
 */
export const MAX_BATCH = 5000;
/** A buffer this full is written at once: the other half of a batch arrives while it is written. */
const WRITE_AT = MAX_BATCH / 2;
/** Rows per insert statement within a batch (see writeBatch). */
const WRITE_CHUNK = 250;
/** Taken views handed to the describing thread together (describer.ts), and at least every flush. */
const HAND_OVER_AT = 250;

/**
 * What became of a beacon, at once: counted (or waiting for the day's salt or the site's pages, then
 * counted; a bot's user agent is told apart with its description, and is not), left out (a
 * prefetch, not a page address), or refused because a batch of views is already waiting to be
 * written (the beacon's answer is then 503 with Retry-After).
 */
export type PageViewResult = 'counted' | 'left-out' | 'busy';

/**
 * The one buffer of visitor figures: it runs a view through the steps of pipeline.ts and keeps it,
 * and the conversions, until they are written (on size, every second, and at close).
 */
export interface AnalyticsRecorder {
  /** Counts a page view unless it is left out (pipeline.ts), or a batch of views is waiting already. */
  pageView(visit: Visit, beacon: PageViewBeacon): PageViewResult;
  /** Counts a conversion, credited to the source and last page of the same visitor today. */
  conversion(request: VisitRequest, kind: ConversionKind): Promise<void>;
  /** Writes what is buffered now (the timer does this every second; close does it last). */
  flush(): Promise<void>;
  close(): Promise<void>;
  /** Views answered and not yet written: waiting to be described, buffered, or being written. */
  unwritten(): number;
  /** Something was written that may add or remove a page (the response cache was emptied). */
  pagesChanged(): void;
}

/**
 * A view that arrived before what taking it needs was in memory (a day's first view waits for its
 * salt, a process's first and a new post's first for the site's pages): that, and nothing else of
 * the request.
 */
interface WaitingView {
  at: number;
  day: string;
  visit: Pick<Visit, 'ip' | 'userAgent' | 'host'>;
  beacon: PageViewBeacon;
  search: string;
  path: string;
}

/**
 * The site's recorder, counting by the pages of its records now (site-pages.ts); its owner closes it
 * after the app, so the views of the last requests are written.
 */
export function openAnalyticsRecorder(
  deps: { db: Database; clock: () => Date; database?: Pick<DatabaseHandle, 'copyIn'> },
  options: { log?: { warn(obj: object, msg: string): void } } = {},
): AnalyticsRecorder {
  const pages = createSitePages(() => recordPagesOf(deps.db), { log: options.log, clock: deps.clock });
  return createAnalyticsRecorder({ ...deps, pages }, options);
}

export function createAnalyticsRecorder(
  deps: {
    db: Database;
    clock: () => Date;
    database?: Pick<DatabaseHandle, 'copyIn'>;
    /** Which page a view is of (site-pages.ts). */
    pages: SitePages;
  },
  options: {
    log?: { warn(obj: object, msg: string): void };
    flushIntervalMs?: number;
  } = {},
): AnalyticsRecorder {
  const saltOf = createSaltKeeper(deps.db);
  const rows = viewRowsFor(deps.db, deps.database);
  const describer = createDescriber(rows.format, { log: options.log });
  // Views taken and not yet handed over to be described (step 5), as lines outside the heap; then
  // the number handed over and not yet back, and the last hand-over's answer (they come in order).
  const taken = new ViewBuffer(HAND_OVER_AT, 128 * 1024);
  let describing = 0;
  let described: Promise<void> = Promise.resolve();
  // One buffer fills while the full ones wait their turn to be written; written, each is reused.
  let views = new ViewBuffer(MAX_BATCH);
  const full: ViewBuffer[] = [];
  const spare: ViewBuffer[] = [];
  let writing = 0;
  const rotate = () => {
    full.push(views);
    views = spare.pop() ?? new ViewBuffer(MAX_BATCH);
  };
  // Views that came before the salt or the country data, in order; `waitingFrom` is the first not
  // yet described. Bounded with the rest by MAX_BATCH: a process's first seconds under load once
  // held every view in a promise here, 15,000 of them, until the heap ran out.
  let waiting: WaitingView[] = [];
  let waitingFrom = 0;
  let describingWaiting: Promise<void> | null = null;
  let conversions: ConversionRow[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let closed = false;
  let refused = 0;

  const unwritten = () =>
    waiting.length -
    waitingFrom +
    taken.length +
    describing +
    views.length +
    writing +
    full.reduce((n, batch) => n + batch.length, 0);

  /** The views taken so far go to be described; described, they join the buffer. */
  const handOver = () => {
    if (taken.length === 0) return;
    const chunk = taken.take();
    const count = chunk.ends.length;
    describing += count;
    // Never rejected: a flush waits for it, and a rejected flush would stop every later one.
    described = describer
      .describe(chunk)
      .then(
        (lines) => {
          describing -= count;
          buffer(lines);
        },
        (error: unknown) => {
          describing -= count;
          throw error;
        },
      )
      .catch((error: unknown) => options.log?.warn({ err: error, lost: count }, 'page views not counted'));
  };

  const writeViews = async (batch: ViewBuffer) => {
    let written = 0;
    try {
      // A batch's views go in chunks with a turn of the event loop between them: one statement
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

  // A conversion takes the source of the visitor's first view of the day and the page of their
  // last one. Without a counted view (a signup through the API, say) both are NO_VISIT, apart
  // from every source, and out of the conversion rates, which are per visitor.
  const writeConversions = async (batch: ConversionRow[]) => {
    try {
      for (const c of batch) {
        const visitor = visitorHash(await saltOf(c.day), c.visit.host, c.visit.ip, c.visit.userAgent);
        await deps.db.execute(sql`
          with visit as (
            select at, source, path from analytics_page_views
            where day = ${c.day}::date and visitor = ${visitor})
          insert into analytics_conversions (at, day, kind, source, path)
          select ${c.at.toISOString()}::timestamptz, ${c.day}::date, ${c.kind},
            coalesce((select source from visit where source is not null order by at limit 1),
                     case when exists (select 1 from visit) then ${DIRECT_SOURCE} else ${NO_VISIT} end),
            coalesce((select path from visit order by at desc limit 1), ${NO_VISIT})`);
      }
    } catch (error) {
      options.log?.warn({ err: error }, 'analytics conversions not written');
    }
  };

  const flush = (): Promise<void> => {
    flushing = flushing.then(async () => {
      if (describingWaiting) await describingWaiting;
      handOver();
      await described;
      if (refused > 0) {
        options.log?.warn({ refused }, 'page views refused: a batch was already waiting to be written');
        refused = 0;
      }
      if (views.length > 0) rotate();
      const batchConversions = conversions;
      conversions = [];
      for (let batch = full.shift(); batch; batch = full.shift()) {
        writing = batch.length;
        await writeViews(batch);
        writing = 0;
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
      if (closed || leftOut(visit, beacon)) return 'left-out';
      if (unwritten() >= MAX_BATCH) {
        refused++;
        return 'busy';
      }
      const url = pageAddress(beacon);
      if (url === null) return 'left-out';
      const at = deps.clock().getTime();
      const day = dayAt(at);
      const path = pathOf(url);
      // Nearly every view: the day's salt is known and the site's pages loaded, so it is taken now,
      // without a promise, a closure or a turn of the microtask queue (each of them a cost on the
      // beacon's thread, and garbage for the collector, 5,000 times a second).
      const salt = saltOf.known(day);
      const page = salt === null ? undefined : deps.pages.addressOf(path, at);
      if (page === undefined) {
        const { ip, userAgent, host } = visit;
        waiting.push({ at, day, visit: { ip, userAgent, host }, beacon, search: url.search, path });
        describingWaiting ??= describeWaiting().finally(() => (describingWaiting = null));
        return 'counted';
      }
      take(visit, beacon, url.search, at, day, salt!, page);
      return 'counted';
    },
    conversion(request, kind) {
      if (closed) return Promise.resolve();
      const at = deps.clock();
      const { ip, userAgent, host } = visitFrom(request);
      conversions.push({ at, day: dayOf(at), kind, visit: { ip, userAgent, host } });
      return Promise.resolve();
    },
    flush,
    async close() {
      closed = true;
      clearInterval(timer);
      await flush();
      await describer.close();
    },
    unwritten,
    pagesChanged: () => deps.pages.changed(),
  };

  /** 5. A view as it came, with its day's salt and its page, to be described (describer.ts). */
  function take(
    visit: Pick<Visit, 'ip' | 'userAgent' | 'host'>,
    beacon: PageViewBeacon,
    search: string,
    at: number,
    day: string,
    salt: string,
    page: string,
  ): void {
    const { ip, userAgent, host } = visit;
    const { referrer, width } = beacon;
    taken.add(takenLine({ atMs: at, day, salt, ip, userAgent, host, search, referrer, width, page }));
    if (taken.length >= HAND_OVER_AT) handOver();
  }

  /** Described views join the buffer. */
  function buffer(lines: LineChunk): void {
    views.addLines(lines.bytes, lines.ends);
    // Half a batch is written at once, so the views not yet on disk never pass a batch.
    if (views.length >= WRITE_AT) {
      rotate();
      void flush();
    }
  }

  /**
   * The views that came before the day's salt or the site's pages (a process's first, a day's
   * first), taken in order once those are in memory. When they cannot be (the database does not
   * answer), they are dropped with a warning, as a batch that cannot be written is.
   */
  async function describeWaiting(): Promise<void> {
    try {
      for (; waitingFrom < waiting.length; waitingFrom++) {
        const view = waiting[waitingFrom]!;
        const salt = saltOf.known(view.day) ?? (await saltOf(view.day));
        let page = deps.pages.addressOf(view.path, view.at);
        if (page === undefined) {
          await deps.pages.loaded();
          page = deps.pages.settledAddressOf(view.path);
        }
        take(view.visit, view.beacon, view.search, view.at, view.day, salt, page);
      }
    } catch (error) {
      options.log?.warn({ err: error, lost: waiting.length - waitingFrom }, 'page views not counted');
    } finally {
      waiting = [];
      waitingFrom = 0;
    }
  }
}
