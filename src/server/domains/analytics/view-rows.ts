import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../platform/db/client';
import type { ViewLineFormat } from './view-lines';

/** How a chunk of a batch's lines (view-lines.ts) is written, and in which of the formats. */
export interface ViewRows {
  format: ViewLineFormat;
  /** One chunk of a batch, its lines as UTF-8; waitForDisk on the batch's last (its commit takes the others' with it). */
  write(lines: Buffer, waitForDisk: boolean): Promise<void>;
}

/** The table's columns in the order of ViewColumns, for both ways in. */
const COLUMNS = 'at, day, visitor, path, source, campaign, country, device, browser, os';
const COPY_STATEMENT = `copy analytics_page_views (${COLUMNS}) from '/dev/blob'`;

/** On the embedded database (it runs on this thread): COPY of the lines in its text format. */
function copyRows(copyIn: NonNullable<DatabaseHandle['copyIn']>): ViewRows {
  return {
    format: 'copy',
    write: (lines, waitForDisk) => copyIn(COPY_STATEMENT, lines, { waitForDisk }),
  };
}

/**
 * On PostgreSQL (or any database without copyIn): one statement and one parameter a chunk, the
 * lines made one JSON array; binding ten parameters a row cost more than the rows.
 */
function jsonRows(db: Database): ViewRows {
  return {
    format: 'json',
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
