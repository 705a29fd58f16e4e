import { asc, count, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/client';
import { advertisingServices, publications, partners, testimonials } from './tables';
import {
  PARTNERS_SHOWN,
  type AdminPublication,
  type AdminPartner,
  type AdminService,
  type AdminTestimonial,
  type MoveDirection,
  type PublicationFields,
  type PartnerFields,
  type ServiceFields,
  type TestimonialFields,
} from '../../../shared/content';
import { changesBetween, type ActivityNote } from '../activity';
import { notFound } from '../../platform/errors';
import { pageOffset, type Page } from '../../platform/paging';

// The home page's content lists that the owner edits: advertising services,
// community publications (the "newsletters" cards; table `newsletters`), testimonials and partner organisations. Each is a table with a position (sort_order)
// and a visible flag, handled alike: visitors get the visible items in order, a page at a time; the
// admin gets every item, and creates, edits, deletes, hides and moves them up or down one place.

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What the four tables share. */
type OrderedTable = PgTable & {
  id: PgColumn;
  sortOrder: PgColumn;
  visible: PgColumn;
  updatedAt: PgColumn;
};
interface OrderedRow {
  id: number;
  sortOrder: number;
  visible: boolean;
}

interface ContentKind<Row extends OrderedRow, Item, Fields> {
  table: OrderedTable;
  /** 'advertising service': the log's and the messages' name for one. */
  noun: string;
  /**
   * The item's own columns, named alike in the table, the item and its fields: what the admin reads
   * beside id, visible and position, and what a create or an edit writes beside visible. The first
   * is the item's own name (its title or name), for the log.
   */
  columns: Array<keyof Row & keyof Item & keyof Fields & string>;
}

export interface ContentStore<Item, Fields> {
  /** Visible items in order, one page, and how many there are (GET /api/advertising-services...). */
  listVisible(db: Database, input: { page: number; pageSize: number }): Promise<Page<Item>>;
  /** Every item, hidden ones too, in order (the admin's list). */
  listAll(db: Database, input: { page: number; pageSize: number }): Promise<Page<Item>>;
  create(db: Database, fields: Fields, now: Date, note?: ActivityNote): Promise<Item>;
  update(db: Database, id: number, changes: Partial<Fields>, now: Date, note?: ActivityNote): Promise<Item>;
  remove(db: Database, id: number, note?: ActivityNote): Promise<void>;
  /** Swaps the item with its neighbour above or below; at either end nothing moves. */
  move(db: Database, id: number, direction: MoveDirection, note?: ActivityNote): Promise<Item>;
}

/** Only the keys that were given: an edit leaves every other column as it is. */
function given<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function contentStore<Row extends OrderedRow, Item, Fields>(
  kind: ContentKind<Row, Item, Fields>,
): ContentStore<Item, Fields> {
  const { table } = kind;
  const toItem = (row: Row): Item =>
    ({
      id: row.id,
      ...Object.fromEntries(kind.columns.map((column) => [column, row[column]])),
      visible: row.visible,
      position: row.sortOrder,
    }) as Item;
  /** The columns a create or an edit writes (an edit gives only what changes; see given()). */
  const toValues = (fields: Partial<Fields>): Record<string, unknown> =>
    Object.fromEntries(
      [...kind.columns, 'visible' as const].map((column) => [column, fields[column as keyof Fields]]),
    );
  const order = [asc(table.sortOrder), asc(table.id)];
  const missing = () => notFound(`No such ${kind.noun}`);
  const targetOf = (row: Row) => `${kind.noun} ${row.id}: ${String(row[kind.columns[0]!])}`;
  const findForUpdate = async (tx: Tx, id: number): Promise<Row> => {
    const [row] = (await tx.select().from(table).where(eq(table.id, id)).for('update')) as unknown as Row[];
    if (!row) throw missing();
    return row;
  };

  return {
    async listVisible(db, input) {
      const visible = eq(table.visible, true);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(table)
          .where(visible)
          .orderBy(...order)
          .limit(input.pageSize)
          .offset(pageOffset(input.page, input.pageSize)),
        db.select({ total: count() }).from(table).where(visible),
      ]);
      return {
        items: (rows as unknown as Row[]).map(toItem),
        total: counted?.total ?? 0,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    async listAll(db, input) {
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(table)
          .orderBy(...order)
          .limit(input.pageSize)
          .offset(pageOffset(input.page, input.pageSize)),
        db.select({ total: count() }).from(table),
      ]);
      return {
        items: (rows as unknown as Row[]).map(toItem),
        total: counted?.total ?? 0,
        page: input.page,
        pageSize: input.pageSize,
      };
    },

    async create(db, fields, now, note) {
      const row = await db.transaction(async (tx) => {
        // A new item goes to the end of the list.
        const [last] = await tx
          .select({ position: sql<number>`coalesce(max(${table.sortOrder}), 0)::int` })
          .from(table);
        const [created] = (await tx
          .insert(table)
          .values({
            ...toValues(fields),
            sortOrder: (last?.position ?? 0) + 1,
            createdAt: now,
            updatedAt: now,
          })
          .returning()) as unknown as Row[];
        return created!;
      });
      if (note) note.target = targetOf(row);
      return toItem(row);
    },

    async update(db, id, changes, now, note) {
      const { before, after } = await db.transaction(async (tx) => {
        const found = await findForUpdate(tx, id);
        const [updated] = (await tx
          .update(table)
          .set({ ...given(toValues(changes)), updatedAt: now })
          .where(eq(table.id, id))
          .returning()) as unknown as Row[];
        return { before: found, after: updated! };
      });
      const item = toItem(after);
      if (note) {
        note.target = targetOf(after);
        note.changes = changesBetween(toItem(before) as object, item as object);
      }
      return item;
    },

    async remove(db, id, note) {
      const [deleted] = (await db.delete(table).where(eq(table.id, id)).returning()) as unknown as Row[];
      if (!deleted) throw missing();
      if (note) note.target = targetOf(deleted);
    },

    async move(db, id, direction, note) {
      const moved = await db.transaction(async (tx) => {
        // Every row, locked in order: two moves at once take their turns, and positions come out
        // as 1..n whatever they were (two items with the same position included).
        const rows = (await tx
          .select()
          .from(table)
          .orderBy(...order)
          .for('update')) as unknown as Row[];
        const from = rows.findIndex((r) => r.id === id);
        if (from < 0) throw missing();
        const to = direction === 'up' ? from - 1 : from + 1;
        if (to >= 0 && to < rows.length) [rows[from], rows[to]] = [rows[to]!, rows[from]!];
        for (const [index, row] of rows.entries()) {
          if (row.sortOrder === index + 1) continue;
          await tx
            .update(table)
            .set({ sortOrder: index + 1 })
            .where(eq(table.id, row.id));
          row.sortOrder = index + 1;
        }
        return rows.find((r) => r.id === id)!;
      });
      if (note) {
        note.target = targetOf(moved);
        note.changes = { position: { from: null, to: moved.sortOrder } };
      }
      return toItem(moved);
    },
  };
}

export const services = contentStore<typeof advertisingServices.$inferSelect, AdminService, ServiceFields>({
  table: advertisingServices,
  noun: 'advertising service',
  columns: ['title', 'description', 'features', 'icon', 'isPopular'],
});

/** The community publications on the home page ("newsletters" in the UI, the paths and the table). */
export const publicationList = contentStore<
  typeof publications.$inferSelect,
  AdminPublication,
  PublicationFields
>({
  table: publications,
  noun: 'newsletter',
  columns: ['name', 'description', 'location', 'subscribeUrl'],
});

export const testimonialList = contentStore<
  typeof testimonials.$inferSelect,
  AdminTestimonial,
  TestimonialFields
>({
  table: testimonials,
  noun: 'testimonial',
  columns: ['name', 'location', 'content', 'imageUrl'],
});

export const partnerList = contentStore<typeof partners.$inferSelect, AdminPartner, PartnerFields>({
  table: partners,
  noun: 'partner',
  columns: ['name', 'logoUrl', 'linkUrl'],
});

/** The partner logos of the home page: the first eight visible ones. */
export async function listShownPartners(db: Database): Promise<AdminPartner[]> {
  return (await partnerList.listVisible(db, { page: 1, pageSize: PARTNERS_SHOWN })).items;
}
