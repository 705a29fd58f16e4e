// `npm run backup [-- file.tar.gz]` and `npm run restore -- file.tar.gz`: one archive holding the
// database (PGlite or PostgreSQL, as configured) and the uploaded files (the folder or S3 bucket). Stop the site before a
// restore; a backup can be taken while it runs (on the embedded default the running site writes it,
// from one snapshot, since no second process may open its data folder).
import path from 'node:path';
import { loadConfig } from '../config';
import { askOwner, openDatabaseFor } from '../platform/db/data-folder-lock';
import { BACKED_UP } from '../domains';
import { restoreBackupArchive, writeBackupArchive } from '../platform/backup';
import { openStorage } from '../platform/storage-from-config';

async function main(): Promise<void> {
  const [command, fileArg] = process.argv.slice(2);
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(fileArg ?? path.join(config.dataDir, 'backups', `backup-${stamp}.tar.gz`));
  if (command === 'backup' && !config.DATABASE_URL) {
    const answer = await askOwner(config.dataDir, { command: 'backup', file });
    if (answer) {
      if (!answer.ok) throw new Error(answer.error ?? 'The running site could not write the backup.');
      console.log(answer.message);
      return;
    }
  }
  const db = await openDatabaseFor(`npm run ${command}`, config);
  const storage = await openStorage(config);
  try {
    if (command === 'backup') {
      const backup = await writeBackupArchive(db.db, storage, file, BACKED_UP);
      const rows = Object.values(backup.tables).reduce((n, t) => n + t.length, 0);
      console.log(
        `Backup written to ${file} (${rows} rows from the ${db.kind} database, plus the ${storage.kind} uploads).`,
      );
    } else if (command === 'restore') {
      if (!fileArg) throw new Error('Usage: npm run restore -- <backup.tar.gz>');
      const counts = await restoreBackupArchive(db.db, storage, path.resolve(fileArg), BACKED_UP);
      const rows = Object.values(counts).reduce((n, c) => n + c, 0);
      console.log(`Restored ${rows} rows into the ${db.kind} database, and the uploads, from ${fileArg}.`);
    } else {
      throw new Error('Usage: backup [file] | restore <file>');
    }
  } finally {
    await storage.close();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
