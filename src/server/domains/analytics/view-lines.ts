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
    // A UTF-16 unit is at most 3 bytes of UTF-8.
    this.makeRoom(line.length * 3);
    this.used += this.bytes.write(line, this.used);
    this.ends[this.count++] = this.used;
  }

  /**
   * Adds the lines of another buffer's `take()`: `bytes` the lines, `ends[i]` where line i ends in
   * them. The recorder adds at most a chunk to a buffer written before it is half full.
   */
  addLines(bytes: Uint8Array, ends: Int32Array): void {
    if (this.count + ends.length > this.maxRows) throw new Error('The buffer of views is full');
    this.makeRoom(bytes.length);
    this.bytes.set(bytes, this.used);
    for (let i = 0; i < ends.length; i++) this.ends[this.count + i] = this.used + ends[i]!;
    this.count += ends.length;
    this.used += bytes.length;
  }

  /**
   * Every line, copied into memory of its own (for another thread: posted, it moves there without a
   * copy), and the buffer emptied.
   */
  take(): { bytes: Uint8Array<ArrayBuffer>; ends: Int32Array<ArrayBuffer> } {
    const bytes = new Uint8Array(this.used);
    bytes.set(this.bytes.subarray(0, this.used));
    const ends = this.ends.slice(0, this.count);
    this.clear();
    return { bytes, ends };
  }

  /** The lines of rows [from, to), not copied: a buffer is not added to while it is written. */
  lines(from: number, to: number): Buffer {
    return this.bytes.subarray(from === 0 ? 0 : this.ends[from - 1], this.ends[to - 1]);
  }

  clear(): void {
    this.count = 0;
    this.used = 0;
  }

  /** Room for `bytes` more after what is used, or a buffer twice the size (or as big as needed). */
  private makeRoom(bytes: number): void {
    if (this.used + bytes <= this.bytes.length) return;
    const bigger = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.used + bytes));
    this.bytes.copy(bigger, 0, 0, this.used);
    this.bytes = bigger;
  }
}

/**
 * How a view is put into words for its batch: `copy`, lines of COPY's text format, on the embedded
 * database (about half the cost a row of the insert from JSON; docs/bench/2026-11-27-beacon-cost.md);
 * `json`, a JSON array a view (at as epoch milliseconds), on PostgreSQL. Either way a line ends in
 * a newline.
 */
export type ViewLineFormat = 'copy' | 'json';

export function viewLine(format: ViewLineFormat): (view: ViewColumns) => string {
  return format === 'copy' ? copyLine : jsonLine;
}

// Text fields reach here without control characters (describer.ts), so a backslash is all there is
// to escape.
const text = (value: string) => (value.includes('\\') ? value.replaceAll('\\', '\\\\') : value);
const nullable = (value: string | null) => (value === null ? '\\N' : text(value));

function copyLine(v: ViewColumns): string {
  return (
    `${new Date(v.atMs).toISOString()}\t${v.day}\t${v.visitor}\t${text(v.path)}\t${nullable(v.source)}\t` +
    `${nullable(v.campaign)}\t${nullable(v.country)}\t${text(v.device)}\t${text(v.browser)}\t${text(v.os)}\n`
  );
}

// JSON.stringify writes no raw newline, so the lines' newlines become the array's commas (view-rows.ts).
function jsonLine(v: ViewColumns): string {
  return `${JSON.stringify([
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
  ])}\n`;
}
