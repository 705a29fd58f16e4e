import { hash } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import { browserOf, classifySource, deviceOf, isBotAgent, osOf } from './classify';
import { countryLookup, countryNow } from './country';
import { startModuleThread } from '../../platform/threads';
import { ViewBuffer, viewLine, type ViewColumns, type ViewLineFormat } from './view-lines';

// Step 5 of pipeline.ts, describing a view, on a thread of its own. On the server's thread a view
// is taken (steps 1 to 4) and put down as it came, with what only that thread knows (the day's
// salt, the page it counts under); here it is checked for a bot's user agent and described: the
// visitor's hash, the country, the source and campaign, the device, the browser and the system.
// Counting 5,000 views a second, describing them was a fifth of the server thread's time
// (docs/bench/2026-11-30-beacon-p99.md), every request behind it waiting. The thread sends the
// views back as the lines their batch writes (view-lines.ts); the server's thread writes them.

/** What the server's thread knows of a view when it is taken. */
export interface TakenView {
  atMs: number;
  day: string;
  /** The day's salt (visitor.ts). */
  salt: string;
  ip: string;
  userAgent: string;
  host: string;
  /** The query of the page's address ('' or '?…'): its UTM parameters. */
  search: string;
  /** document.referrer; undefined for a view inside the site. */
  referrer: string | null | undefined;
  width: number | null | undefined;
  /** The page it counts under (site-pages.ts). */
  page: string;
}

/**
 * A taken view as one line of JSON (no raw newline in it): a few hundred bytes outside the heap
 * until its chunk is handed over, instead of an object the collector must follow.
 */
export function takenLine(view: TakenView): string {
  return `${JSON.stringify([
    view.atMs,
    view.day,
    view.salt,
    view.ip,
    view.userAgent,
    view.host,
    view.search,
    // undefined (a view inside the site) and '' (no referrer) are told apart; null is ''.
    view.referrer === undefined ? null : (view.referrer ?? ''),
    view.width ?? null,
    view.page,
  ])}\n`;
}

type TakenTuple = [
  number,
  string,
  string,
  string,
  string,
  string,
  string,
  string | null,
  number | null,
  string,
];

/** A chunk of lines, posted between the threads: the lines and where each ends. */
export interface LineChunk {
  bytes: Uint8Array<ArrayBuffer>;
  ends: Int32Array<ArrayBuffer>;
}

/**
 * 5. A chunk of taken views as the lines of their batch, bots left out (the country data must be
 * loaded: countryLookup). Runs on the describing thread, or on the server's if that has stopped.
 */
export function describeChunk(taken: LineChunk, format: ViewLineFormat): LineChunk {
  const lineOf = viewLine(format);
  const text = Buffer.from(taken.bytes.buffer, taken.bytes.byteOffset, taken.bytes.byteLength).toString(
    'utf8',
  );
  const described = new ViewBuffer(taken.ends.length, Math.max(1024, taken.bytes.byteLength));
  let from = 0;
  for (let i = 0; i < taken.ends.length; i++) {
    const newline = text.indexOf('\n', from);
    const line = text.slice(from, newline);
    from = newline + 1;
    const [atMs, day, salt, ip, userAgent, host, search, referrer, width, page] = JSON.parse(
      line,
    ) as TakenTuple;
    if (isBotAgent(userAgent)) continue;
    const { source, campaign } = classifySource(
      new URLSearchParams(search),
      referrer === null ? undefined : referrer,
      host,
    );
    const view: ViewColumns = {
      atMs,
      day,
      visitor: visitorHash(salt, host, ip, userAgent),
      path: page,
      source: source === null ? null : printable(source),
      campaign: campaign === null ? null : printable(campaign),
      country: countryNow(ip) ?? null,
      device: deviceOf(userAgent, width),
      browser: browserOf(userAgent),
      os: osOf(userAgent),
    };
    described.add(lineOf(view));
  }
  return described.take();
}

/** A visitor of one day: 64 bits of SHA-256 over the salt, the site, the address and the browser. */
export function visitorHash(salt: string, host: string, ip: string, userAgent: string): bigint {
  return hash('sha256', `${salt}\n${host}\n${ip}\n${userAgent}`, 'buffer').readBigInt64BE(0);
}

/**
 * Without control characters: a source or campaign name has none worth keeping, and a NUL
 * (a beacon for /?utm_campaign=a%00b) cannot be stored in a text column at all: it failed the
 * whole chunk it was written in, other visitors' views with it.
 */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(text) ? text.replace(/[\u0000-\u001f\u007f]/g, '') : text;
}

/** Chunks of taken views described in the order they are handed over. */
export interface Describer {
  describe(taken: LineChunk): Promise<LineChunk>;
  /** Whether chunks go to the describing thread (false once it has failed, or before it starts). */
  onOwnThread(): boolean;
  close(): Promise<void>;
}

/** The describing thread's module (describer-thread.ts), started with the first chunk. */
const THREAD = 'describer-thread';

/**
 * The describing thread, started with the first chunk. Should it fail to start or stop (it never
 * should), the chunks it holds and every later one are described on this thread instead, with a
 * warning: a view is never lost to it.
 */
export function createDescriber(
  format: ViewLineFormat,
  options: { log?: { warn(obj: object, msg: string): void } } = {},
): Describer {
  let thread: Worker | null = null;
  let failed = false;
  /** The chunks handed over, oldest first, each with its answer's callbacks. */
  const pending: Array<{ taken: LineChunk; resolve(d: LineChunk): void; reject(e: unknown): void }> = [];

  const onThisThread = async (taken: LineChunk): Promise<LineChunk> => {
    await countryLookup();
    return describeChunk(taken, format);
  };

  /** No more chunks to the thread; those it holds are described here. */
  const stop = async () => {
    failed = true;
    const stopping = thread;
    thread = null;
    for (const chunk of pending.splice(0)) onThisThread(chunk.taken).then(chunk.resolve, chunk.reject);
    if (stopping) {
      stopping.removeAllListeners();
      await stopping.terminate();
    }
  };

  const fail = (error: unknown) => {
    if (failed) return;
    options.log?.warn(
      { err: error },
      'views are described on the server thread: the describing thread stopped',
    );
    void stop();
  };

  const start = () => {
    const started = startModuleThread(import.meta.url, THREAD, {
      workerData: { format },
      // The thread holds a chunk or two of strings at a time, and the country data (outside its heap).
      resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 },
    });
    started.on('message', (described: LineChunk) => pending.shift()?.resolve(described));
    started.on('error', fail);
    started.on('exit', (code) => fail(new Error(`the describing thread exited with ${code}`)));
    return started;
  };

  return {
    describe(taken) {
      if (failed) return onThisThread(taken);
      try {
        thread ??= start();
      } catch (error) {
        fail(error);
        return onThisThread(taken);
      }
      return new Promise<LineChunk>((resolve, reject) => {
        pending.push({ taken, resolve, reject });
        thread!.postMessage(taken);
      });
    },
    onOwnThread: () => thread !== null,
    close: stop,
  };
}
