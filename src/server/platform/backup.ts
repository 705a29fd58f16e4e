import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { getTableColumns, getTableName, sql, type Table } from 'drizzle-orm';
import * as tar from 'tar';
import type { Database } from './db/client';
import { outbox } from './db/tables';
import { dropUnsentMail, unsentMailAsOutboxRows } from './mail/queue';
import type { ObjectStorage } from './storage';
import { INCOMING_FOLDER } from './storage-local';

// A backup is one .tar.gz holding database.json (every table's rows, read in one transaction so
// they are consistent with each other) and every stored object under uploads/ (from the folder or
// the S3 bucket, platform/storage.ts). It restores onto PGlite or PostgreSQL, a folder or a bucket,
// whichever the backup was taken from. Which tables it holds, parents before children so that rows
// can be inserted in that order, is the caller's list (domains.ts).

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

/** An outbox row of a backup made before 2026-11-29 names its record contactMessageId. */
function outboxRowOf(row: Record<string, unknown>): Record<string, unknown> {
  if (row.recordId !== undefined || row.contactMessageId === undefined) return row;
  const { contactMessageId, ...rest } = row;
  return { ...rest, recordId: contactMessageId };
}

export async function exportDatabase(db: Database, tables: readonly Table[]): Promise<BackupFile> {
  const rowsByTable: BackupFile['tables'] = {};
  await db.transaction(
    async (tx) => {
      for (const table of tables) {
        const rows = (await tx.select().from(table as never)) as Record<string, unknown>[];
        if (table === outbox) {
          const next = rows.reduce((max, r) => Math.max(max, Number(r.id)), 0) + 1;
          rows.push(...((await unsentMailAsOutboxRows(tx, next)) as Record<string, unknown>[]));
        }
        rowsByTable[getTableName(table)] = rows.map((row) =>
          Object.fromEntries(Object.entries(row).map(([k, v]) => [k, encodeValue(v)])),
        );
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return {
    format: 'herts-local-media-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    tables: rowsByTable,
  };
}

/** Replaces every row of every table with the backup's, in one transaction. */
export async function importDatabase(
  db: Database,
  backup: BackupFile,
  tables: readonly Table[],
): Promise<Record<string, number>> {
  if (backup.format !== 'herts-local-media-backup' || backup.version !== 1) {
    throw new Error('This file is not a Herts Local Media backup (or comes from a newer version).');
  }
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const names = tables.map((t) => `"${getTableName(t)}"`).join(', ');
    await tx.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
    await dropUnsentMail(tx);
    for (const table of tables) {
      const name = getTableName(table);
      const rows = (backup.tables[name] ?? []).map((row) =>
        decodeRow(table, table === outbox ? outboxRowOf(row) : row),
      );
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
  storage: ObjectStorage,
  archivePath: string,
  tables: readonly Table[],
): Promise<BackupFile> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-backup-'));
  try {
    const backup = await exportDatabase(db, tables);
    fs.writeFileSync(path.join(work, 'database.json'), JSON.stringify(backup));
    fs.mkdirSync(path.join(work, 'uploads'), { recursive: true });
    // After the rows: an object whose row is in the backup was stored before its row was written.
    for await (const { key } of storage.list()) {
      const object = await storage.get(key);
      if (!object) continue; // deleted since it was listed
      const file = path.join(work, 'uploads', key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await pipeline(object.body, fs.createWriteStream(file));
    }
    fs.mkdirSync(path.dirname(path.resolve(archivePath)), { recursive: true });
    const partial = `${archivePath}.partial`;
    await tar.c({ gzip: true, file: partial, cwd: work, portable: true }, ['database.json', 'uploads']);
    fs.renameSync(partial, archivePath);
    return backup;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Puts the backup's rows and objects back. Objects are put first and those the backup does not
 * have are removed after, so a restore that fails half way leaves every object of the backup or
 * more, never fewer.
 */
export async function restoreBackupArchive(
  db: Database,
  storage: ObjectStorage,
  archivePath: string,
  tables: readonly Table[],
): Promise<Record<string, number>> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-restore-'));
  try {
    await tar.x({ file: archivePath, cwd: work, strict: true });
    const backup = JSON.parse(fs.readFileSync(path.join(work, 'database.json'), 'utf8')) as BackupFile;
    const counts = await importDatabase(db, backup, tables);
    const root = path.join(work, 'uploads');
    const keys = new Set<string>();
    const files = fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, withFileTypes: true }) : [];
    for (const entry of files) {
      if (!entry.isFile()) continue;
      const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      // Older backups copied the upload folder whole, uploads in progress included.
      if (key.startsWith(`${INCOMING_FOLDER}/`)) continue;
      const file = path.join(root, key);
      const size = fs.statSync(file).size;
      await storage.put(key, { stream: fs.createReadStream(file), size }, 'application/octet-stream');
      keys.add(key);
    }
    const extra: string[] = [];
    for await (const { key } of storage.list()) if (!keys.has(key)) extra.push(key);
    for (const key of extra) await storage.delete(key);
    return counts;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
