import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../platform/db/client';

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
  os: string;
}

/** How a counted view is put into words for its batch, and how a chunk of those is written. */
export interface ViewRows {
  /** One view as a line (ending in a newline) of what `write` takes. */
  row(view: ViewColumns): string;
  /** One chunk of a batch, its lines as UTF-8; waitForDisk on the batch's last (its commit takes the others' with it). */
  write(lines: Buffer, waitForDisk: boolean): Promise<void>;
}

/**
 * Counted views waiting for their batch, as UTF-8 lines in a buffer outside the JavaScript heap.
 * Kept as strings, a second's views outlived several young-generation collections and were promoted
 * to the old generation with every string their rows were joined from (a template literal is a
 * tree of the parts until it is flattened), and under heavy load a major collection every few
 * seconds lagged the event loop (docs/bench/2026-11-27-beacon-cost.md). Here a row's string dies
 * young, and nothing of a view is promoted.
 */
export class ViewBuffer {
  private bytes: Buffer;
  /** ends[i] is where line i ends. */
  private ends: Int32Array;
  private count = 0;
  private used = 0;

  constructor(
    private readonly maxRows: number,
    initialBytes = 256 * 1024,
  ) {
    this.bytes = Buffer.allocUnsafeSlow(initialBytes);
    this.ends = new Int32Array(maxRows);
  }

  get length(): number {
    return this.count;
  }

  /** Adds a line (the recorder writes a buffer once it holds maxRows). */
  add(line: string): void {
    if (this.count >= this.maxRows) throw new Error('The buffer of views is full');
    // A UTF-16 unit is at most 3 bytes of UTF-8: room for that, or a buffer twice the size.
    if (this.used + line.length * 3 > this.bytes.length) {
      const bigger = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.used + line.length * 3));
      this.bytes.copy(bigger, 0, 0, this.used);
      this.bytes = bigger;
    }
    this.used += this.bytes.write(line, this.used);
    this.ends[this.count++] = this.used;
  }

  /** The lines of rows [from, to), not copied: a buffer is not added to while it is written. */
  lines(from: number, to: number): Buffer {
    return this.bytes.subarray(from === 0 ? 0 : this.ends[from - 1], this.ends[to - 1]);
  }

  clear(): void {
    this.count = 0;
    this.used = 0;
  }
}

/** The table's columns in the order of ViewColumns, for both ways in. */
const COLUMNS = 'at, day, visitor, path, source, campaign, country, device, browser, os';
const COPY_STATEMENT = `copy analytics_page_views (${COLUMNS}) from '/dev/blob'`;

/**
 * On the embedded database (it runs on this thread): lines of COPY's text format, about half the
 * cost a row of the insert from JSON below (docs/bench/2026-11-27-beacon-cost.md). Text fields reach here without control characters (recorder.ts), so
 * a backslash is all there is to escape.
 */
function copyRows(copyIn: NonNullable<DatabaseHandle['copyIn']>): ViewRows {
  const text = (value: string) => (value.includes('\\') ? value.replaceAll('\\', '\\\\') : value);
  const nullable = (value: string | null) => (value === null ? '\\N' : text(value));
  return {
    row: (v) =>
      `${new Date(v.atMs).toISOString()}\t${v.day}\t${v.visitor}\t${text(v.path)}\t${nullable(v.source)}\t` +
      `${nullable(v.campaign)}\t${nullable(v.country)}\t${text(v.device)}\t${text(v.browser)}\t${text(v.os)}\n`,
    write: (lines, waitForDisk) => copyIn(COPY_STATEMENT, lines, { waitForDisk }),
  };
}

/**
 * On PostgreSQL (or any database without copyIn): a JSON array a view (at as epoch milliseconds),
 * one statement and one parameter a chunk; binding ten parameters a row cost more than the rows.
 * JSON.stringify writes no raw newline, so the lines' newlines become the array's commas.
 */
function jsonRows(db: Database): ViewRows {
  return {
    row: (v) =>
      `${JSON.stringify([
        v.atMs,
        v.day,
        String(v.visitor),
        v.path,
        v.source,
        v.campaign,
        v.country,
        v.device,
        v.browser,
        v.os,
      ])}\n`,
    async write(lines, waitForDisk) {
      const json = `[${lines.toString('utf8', 0, lines.length - 1).replaceAll('\n', ',')}]`;
      const insert = sql`
        insert into analytics_page_views (${sql.raw(COLUMNS)})
        select to_timestamp((r->>0)::double precision / 1000), (r->>1)::date, (r->>2)::bigint,
          r->>3, r->>4, r->>5, r->>6, r->>7, r->>8, r->>9
        from json_array_elements(${json}::json) r`;
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
