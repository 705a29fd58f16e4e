import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableColumns, getTableName, sql, type Table } from 'drizzle-orm';
import * as tar from 'tar';
import type { Database } from '../db/client';
import * as schema from '../db/schema';

// A backup is one .tar.gz holding database.json (every table's rows, read in one transaction so
// they are consistent with each other) and the uploads folder. It restores onto PGlite or
// PostgreSQL alike, whichever the backup was taken from.

/** Every table, parents before children, so rows can be inserted in this order. */
const TABLES: Table[] = [
  schema.users,
  schema.sessions,
  schema.passwordResetTokens,
  schema.blogPosts,
  schema.uploadTickets,
  schema.uploads,
  schema.advertisingServices,
  schema.newsletters,
  schema.testimonials,
  schema.partners,
  schema.siteSettings,
  schema.podcastEpisodes,
  schema.contactMessages,
  schema.newsletterSubscriptions,
  schema.academySubscriptions,
  schema.paymentEvents,
  schema.seedRuns,
  // E-mails promised and not yet sent are part of what the site owes (after contactMessages: its key).
  schema.outbox,
  // Who changed what: the record an owner may be asked for (after users: its key).
  schema.activityLog,
];

/**
 * What a backup leaves out on purpose: the install's own signing key of the contact form's challenges
 * (minutes-long questions; a restored site makes its own), answered challenges and idempotency keys
 * (both expire within a day). A new table must join one list or the other (tests/api/backup.test.ts).
 */
export const NOT_BACKED_UP: Table[] = [schema.appSecrets, schema.usedChallenges, schema.idempotencyKeys];
export const BACKED_UP: readonly Table[] = TABLES;

interface BackupFile {
  format: 'herts-local-media-backup';
  version: 1;
  createdAt: string;
  tables: Record<string, Record<string, unknown>[]>;
}

function encodeValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  return value;
}

function decodeRow(table: Table, row: Record<string, unknown>): Record<string, unknown> {
  const columns = getTableColumns(table);
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = row[key];
    if (value === undefined) continue;
    if (value !== null && column.columnType === 'PgTimestamp') out[key] = new Date(value as string);
    else if (value !== null && typeof value === 'object' && '$bytes' in (value as object)) {
      out[key] = new Uint8Array(Buffer.from((value as { $bytes: string }).$bytes, 'base64'));
    } else out[key] = value;
  }
  return out;
}

export async function exportDatabase(db: Database): Promise<BackupFile> {
  const tables: BackupFile['tables'] = {};
  await db.transaction(
    async (tx) => {
      for (const table of TABLES) {
        const rows = (await tx.select().from(table as never)) as Record<string, unknown>[];
        tables[getTableName(table)] = rows.map((row) =>
          Object.fromEntries(Object.entries(row).map(([k, v]) => [k, encodeValue(v)])),
        );
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { format: 'herts-local-media-backup', version: 1, createdAt: new Date().toISOString(), tables };
}

/** Replaces every row of every table with the backup's, in one transaction. */
export async function importDatabase(db: Database, backup: BackupFile): Promise<Record<string, number>> {
  if (backup.format !== 'herts-local-media-backup' || backup.version !== 1) {
    throw new Error('This file is not a Herts Local Media backup (or comes from a newer version).');
  }
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const names = TABLES.map((t) => `"${getTableName(t)}"`).join(', ');
    await tx.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
    for (const table of TABLES) {
      const name = getTableName(table);
      const rows = (backup.tables[name] ?? []).map((row) => decodeRow(table, row));
      for (let i = 0; i < rows.length; i += 500) {
        await tx.insert(table as never).values(rows.slice(i, i + 500) as never);
      }
      counts[name] = rows.length;
      // Serial ids carry on after the restored rows.
      const idColumn = getTableColumns(table).id;
      if (idColumn && idColumn.columnType === 'PgSerial') {
        await tx.execute(
          sql.raw(
            `SELECT setval(pg_get_serial_sequence('"${name}"', 'id'), COALESCE((SELECT MAX(id) FROM "${name}"), 1), (SELECT COUNT(*) > 0 FROM "${name}"))`,
          ),
        );
      }
    }
  });
  return counts;
}

export async function writeBackupArchive(
  db: Database,
  uploadsDir: string,
  archivePath: string,
): Promise<BackupFile> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-backup-'));
  try {
    const backup = await exportDatabase(db);
    fs.writeFileSync(path.join(work, 'database.json'), JSON.stringify(backup));
    fs.mkdirSync(path.join(work, 'uploads'), { recursive: true });
    if (fs.existsSync(uploadsDir)) fs.cpSync(uploadsDir, path.join(work, 'uploads'), { recursive: true });
    fs.mkdirSync(path.dirname(path.resolve(archivePath)), { recursive: true });
    const partial = `${archivePath}.partial`;
    await tar.c({ gzip: true, file: partial, cwd: work, portable: true }, ['database.json', 'uploads']);
    fs.renameSync(partial, archivePath);
    return backup;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export async function restoreBackupArchive(
  db: Database,
  uploadsDir: string,
  archivePath: string,
): Promise<Record<string, number>> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-restore-'));
  try {
    await tar.x({ file: archivePath, cwd: work, strict: true });
    const backup = JSON.parse(fs.readFileSync(path.join(work, 'database.json'), 'utf8')) as BackupFile;
    const counts = await importDatabase(db, backup);
    // Swap the uploads folder in whole, so a failed copy never leaves a mixture.
    const staged = `${uploadsDir}.restoring`;
    fs.rmSync(staged, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(uploadsDir), { recursive: true });
    fs.cpSync(path.join(work, 'uploads'), staged, { recursive: true });
    fs.rmSync(uploadsDir, { recursive: true, force: true });
    fs.renameSync(staged, uploadsDir);
    return counts;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
