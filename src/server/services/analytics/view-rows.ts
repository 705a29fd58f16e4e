import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';

/** A counted view's columns, in the table's order. */
export interface ViewColumns {
  atMs: number;
  day: string;
  visitor: bigint;
  path: string;
  source: string | null;
  campaign: string | null;
  country: string | null;
  device: string;
  browser: string;
}

/**
 * How counted views wait for their batch and how a chunk of them is written. A view waits as one
 * string, not an object of nine values: a second's views outlive several young-generation
 * collections, and each survivor is copied, so fewer of them cost the collector less.
 */
export interface ViewRows {
  row(view: ViewColumns): string;
  /** One chunk of a batch; waitForDisk on the batch's last (its commit takes the others' with it). */
  write(rows: string[], waitForDisk: boolean): Promise<void>;
}

const COPY_STATEMENT =
  "copy analytics_page_views (at, day, visitor, path, source, campaign, country, device, browser) from '/dev/blob'";

/**
 * On the embedded database (it runs on this thread): lines of COPY's text format, 6.5-7 µs a row
 * against 12.8-13.6 for the insert from JSON below (250-row chunks into the table and its two
 * indexes, on this machine). Text fields reach here without control characters (recorder.ts), so
 * a backslash is all there is to escape.
 */
function copyRows(copyIn: NonNullable<DatabaseHandle['copyIn']>): ViewRows {
  const text = (value: string) => (value.includes('\\') ? value.replaceAll('\\', '\\\\') : value);
  const nullable = (value: string | null) => (value === null ? '\\N' : text(value));
  return {
    row: (v) =>
      `${new Date(v.atMs).toISOString()}\t${v.day}\t${v.visitor}\t${text(v.path)}\t${nullable(v.source)}\t` +
      `${nullable(v.campaign)}\t${nullable(v.country)}\t${text(v.device)}\t${text(v.browser)}\n`,
    write: (rows, waitForDisk) => copyIn(COPY_STATEMENT, rows.join(''), { waitForDisk }),
  };
}

/**
 * On PostgreSQL (or any database without copyIn): a JSON array a view (at as epoch milliseconds),
 * one statement and one parameter a chunk; binding nine parameters a row cost more than the rows.
 */
function jsonRows(db: Database): ViewRows {
  return {
    row: (v) =>
      JSON.stringify([
        v.atMs,
        v.day,
        String(v.visitor),
        v.path,
        v.source,
        v.campaign,
        v.country,
        v.device,
        v.browser,
      ]),
    async write(rows, waitForDisk) {
      const insert = sql`
        insert into analytics_page_views (at, day, visitor, path, source, campaign, country, device, browser)
        select to_timestamp((r->>0)::double precision / 1000), (r->>1)::date, (r->>2)::bigint,
          r->>3, r->>4, r->>5, r->>6, r->>7, r->>8
        from json_array_elements(${`[${rows.join(',')}]`}::json) r`;
      if (waitForDisk) await db.execute(insert);
      else
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local synchronous_commit to off`);
          await tx.execute(insert);
        });
    },
  };
}

export function viewRowsFor(db: Database, database?: Pick<DatabaseHandle, 'copyIn'>): ViewRows {
  return database?.copyIn ? copyRows(database.copyIn.bind(database)) : jsonRows(db);
}
