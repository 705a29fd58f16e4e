import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { badRequest } from './errors';
import { BAD_CURSOR_MESSAGE } from '../../shared/paging.schema';

// What the server's paged lists share (the admin's inbox, subscribers, admins, the academy's lists,
// and the searches of the blog and podcasts), and paging by position: a list read after (or before)
// a row it gave seeks to that row's key through an index instead of skipping every earlier row, so a
// deep page costs what the first does.

/** One page of a list and the size of the whole, so the client can page without counting itself. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Where a page starts in its list (page 1 is the first): the one place the offset is worked out. */
export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** A LIKE pattern that matches the text literally anywhere (% and _ in a search are not wildcards). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What a list by position is asked: the page as before, or the rows after or before a row's cursor. */
export interface CursorRequest {
  page: number;
  pageSize: number;
  /** The cursor of the row the page follows (the answer's nextCursor). */
  after?: string | undefined;
  /** The cursor of the row the page comes before (the answer's prevCursor). */
  before?: string | undefined;
}

/** A page with the cursors of its first and last rows, when there is a page before or after it. */
export interface CursorPage<T> extends Page<T> {
  nextCursor?: string;
  prevCursor?: string;
}

/** The name of the row's key in what a keyset read selects: dropped from the rows it answers. */
export const CURSOR_KEY = 'cursorKey';

type KeyValue = string | number;

/** How a key column is written in a cursor and read back into the comparison. */
interface KeyPart {
  column: PgColumn;
  /** The column's value as the cursor carries it (a timestamp in UTC to the microsecond). */
  written: SQL;
  /** The cursor's value, checked, as the column's type. */
  read: (value: KeyValue) => SQL;
  schema: z.ZodType<KeyValue>;
}

const UTC_MICROSECONDS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/** A timestamp as written by the key: a real date and time (the database refuses 30 February). */
const timestampSchema = z.string().refine((text) => {
  const parts = UTC_MICROSECONDS.exec(text);
  if (!parts) return false;
  const date = new Date(`${text.slice(0, 19)}Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === text.slice(0, 19);
});
const integerSchema = z.number().int().min(-2_147_483_648).max(2_147_483_647);

function keyPartOf(column: PgColumn): KeyPart {
  const type = column.getSQLType();
  if (/^timestamp.* with time zone$/.test(type))
    return {
      column,
      written: sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      read: (value) => sql`${value}::timestamptz`,
      schema: timestampSchema,
    };
  if (type === 'integer' || type === 'serial')
    return {
      column,
      written: sql`${column}`,
      read: (value) => sql`${value}::integer`,
      schema: integerSchema,
    };
  throw new Error(`A keyset key cannot be a ${type} column (${column.name})`);
}

function encodeCursor(keyText: string): string {
  return Buffer.from(keyText, 'utf8').toString('base64url');
}

/** How one read of a list by position is built: the list's own query takes these parts. */
export interface KeysetRead {
  /** The seek past the cursor's row, or undefined without a cursor (joined to the list's filters). */
  where: SQL | undefined;
  /** The list's order, turned round when reading before a cursor. */
  orderBy: SQL[];
  /** One row more than a page, to know whether another page follows. */
  limit: number;
  /** The page's offset without a cursor (as before), 0 with one. */
  offset: number;
  /** The row's key, selected as CURSOR_KEY: a cursor is made of it. */
  key: SQL<string>;
  /** The page's rows in the list's order, without their keys, and the cursors around them. */
  pageOf<R extends { [CURSOR_KEY]: string }>(
    rows: R[],
  ): { rows: Array<Omit<R, typeof CURSOR_KEY>>; nextCursor?: string; prevCursor?: string };
}

/** A list's order, newest first by default: (created_at desc, id desc) and the like. */
export interface Keyset {
  read(request: CursorRequest): KeysetRead;
}

/**
 * A list's order for paging by position: the key columns (ending in one that is unique, such as the
 * id), all one way. An index on the list's filters followed by these columns makes a page one seek.
 */
export function keysetOf(columns: [PgColumn, ...PgColumn[]], direction: 'asc' | 'desc' = 'desc'): Keyset {
  const parts = columns.map(keyPartOf);
  const cursorSchema = z.tuple(parts.map((p) => p.schema) as [z.ZodType<KeyValue>, ...z.ZodType<KeyValue>[]]);
  const key = sql<string>`json_build_array(${sql.join(
    parts.map((p) => p.written),
    sql`, `,
  )})::text`;
  const row = sql`(${sql.join(
    parts.map((p) => sql`${p.column}`),
    sql`, `,
  )})`;
  const ordered = (forwards: boolean) =>
    parts.map((p) => ((direction === 'desc') === forwards ? desc(p.column) : asc(p.column)));

  function decode(cursor: string): KeyValue[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      throw badRequest(BAD_CURSOR_MESSAGE);
    }
    const checked = cursorSchema.safeParse(parsed);
    if (!checked.success) throw badRequest(BAD_CURSOR_MESSAGE);
    return checked.data;
  }

  /** The rows past the key the way the read goes (after: further on in the list; before: earlier). */
  function past(values: KeyValue[], forwards: boolean): SQL {
    const cursorRow = sql`(${sql.join(
      values.map((v, i) => parts[i]!.read(v)),
      sql`, `,
    )})`;
    const further = (direction === 'desc') === forwards ? sql`<` : sql`>`;
    return sql`${row} ${further} ${cursorRow}`;
  }

  return {
    read(request) {
      if (request.after !== undefined && request.before !== undefined)
        throw badRequest('Give after or before, not both');
      const cursor = request.after ?? request.before;
      const forwards = request.before === undefined;
      const values = cursor === undefined ? undefined : decode(cursor);
      return {
        where: values ? past(values, forwards) : undefined,
        orderBy: ordered(forwards),
        limit: request.pageSize + 1,
        offset: values ? 0 : pageOffset(request.page, request.pageSize),
        key,
        pageOf(rows) {
          const more = rows.length > request.pageSize;
          const kept = rows.slice(0, request.pageSize);
          if (!forwards) kept.reverse();
          const first = kept[0];
          const last = kept[kept.length - 1];
          // Read forwards, there is a page before unless this is the first; read backwards, one
          // after (the cursor's row); and the other way, when the extra row came.
          const hasPrev = forwards ? values !== undefined || request.page > 1 : more;
          const hasNext = forwards ? more : true;
          return {
            rows: kept.map(({ [CURSOR_KEY]: _key, ...rest }) => rest),
            ...(hasNext && last ? { nextCursor: encodeCursor(last[CURSOR_KEY]) } : {}),
            ...(hasPrev && first ? { prevCursor: encodeCursor(first[CURSOR_KEY]) } : {}),
          };
        },
      };
    },
  };
}
