import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  checkObjectKey,
  resolveRange,
  type ByteRange,
  type ObjectBody,
  type ObjectInfo,
  type ObjectStorage,
} from './storage';

/**
 * The work folder inside the root: uploads being received and objects being written. A killed
 * process leaves its files here, never under a key (clearIncomingUploads empties it at start).
 */
export const INCOMING_FOLDER = '.incoming';

/**
 * Objects as files under root (DATA_DIR/uploads), the embedded default. A put is written under a
 * temporary name in the work folder, flushed and renamed into place, and the folder flushed, so
 * after a crash or power cut a key holds the whole new file or the old one.
 */
export function createLocalStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => path.join(root, checkObjectKey(key));
  const statOf = async (key: string) => {
    const stat = await fsp.stat(fileOf(key)).catch(() => null);
    return stat?.isFile() ? stat : null;
  };

  async function* walk(dir: string, prefix: string): AsyncGenerator<ObjectInfo> {
    const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (key !== INCOMING_FOLDER) yield* walk(path.join(dir, entry.name), key);
      } else if (entry.isFile()) {
        const stat = await fsp.stat(path.join(dir, entry.name)).catch(() => null);
        if (stat) yield { key, size: stat.size };
      }
    }
  }

  return {
    kind: 'local',
    async put(key, body: ObjectBody) {
      const target = fileOf(key);
      const incoming = path.join(root, INCOMING_FOLDER);
      await fsp.mkdir(incoming, { recursive: true });
      const temp = path.join(incoming, `put-${randomBytes(8).toString('hex')}`);
      const handle = await fsp.open(temp, 'wx', 0o640);
      try {
        if (Buffer.isBuffer(body)) await handle.writeFile(body);
        else for await (const chunk of body.stream) await handle.write(chunk as Buffer);
        await handle.sync();
        await handle.close();
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.rename(temp, target);
        await syncFolder(path.dirname(target));
      } catch (error) {
        await handle.close().catch(() => {});
        await fsp.rm(temp, { force: true });
        throw error;
      }
    },
    async get(key, range?: ByteRange) {
      const stat = await statOf(key);
      if (!stat) return null;
      const { start, end } = resolveRange(range, stat.size);
      // An empty file has no bytes to read: an empty stream, not a read of byte 0.
      const body = fs.createReadStream(fileOf(key), stat.size === 0 ? { start: 1, end: 0 } : { start, end });
      return { body, size: stat.size, start, end };
    },
    async head(key) {
      const stat = await statOf(key);
      return stat ? { key, size: stat.size } : null;
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    list(prefix = '') {
      // Walk only the folder the prefix names, then filter on the rest of it.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const start = folder ? path.join(root, checkObjectKey(folder)) : root;
      const all = walk(start, folder);
      return (async function* () {
        for await (const info of all) if (info.key.startsWith(prefix)) yield info;
      })();
    },
    async ping() {
      return true;
    },
    async close() {},
  };
}

/** Flushes a folder's entries, so a rename into it survives a power cut. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
