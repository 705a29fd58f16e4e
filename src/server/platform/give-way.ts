// Background work that gives way to visitors: a long job (a newsletter send) asks `giveWay()` between
// its steps, and waits while visitors keep the server's thread busy, so the requests waiting on this
// process go first. "Busy" is both: more than BUSY_SHARE of the last window spent working, and at
// least BUSY_REQUESTS requests answered in it (a machine slowed by other processes, or a test
// waiting on the job, is not a crowd of visitors). A step is never held back more than
// MAX_WAIT_MS, so a server kept busy for hours still makes progress.
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** Busier than this share of the last window, with enough requests in it, and background work waits. */
const BUSY_SHARE = 0.75;
/** Requests answered in a window for it to count as visitors keeping the server busy (250 a second). */
const BUSY_REQUESTS = 50;
/** The window the share and the requests are counted over. */
const WINDOW_MS = 200;
/** How long one wait lasts before the window is looked at again. */
const STEP_MS = 25;
/** The longest one step of background work is held back. */
const MAX_WAIT_MS = 250;

let mark: EventLoopUtilization | undefined;
let markedAt = 0;
let requestsSinceMark = 0;
let busy = false;

/** Counts a request answered (the request log calls it for every request, cached or not). */
export function noteRequestAnswered(): void {
  requestsSinceMark++;
}

/** Whether visitors kept the server's thread busy over the last completed window. */
export function visitorsKeepServerBusy(now = performance.now()): boolean {
  if (!mark) {
    mark = performance.eventLoopUtilization();
    markedAt = now;
    requestsSinceMark = 0;
    return false;
  }
  if (now - markedAt >= WINDOW_MS) {
    const current = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(current, mark).utilization;
    const requests = (requestsSinceMark * WINDOW_MS) / (now - markedAt);
    busy = share > BUSY_SHARE && requests >= BUSY_REQUESTS;
    mark = current;
    markedAt = now;
    requestsSinceMark = 0;
  }
  return busy;
}

/**
 * Resolves at once when visitors are not keeping the server busy; otherwise after the requests
 * waiting have had the thread (in steps of STEP_MS, at most MAX_WAIT_MS, sooner when `signal` aborts).
 */
export async function giveWay(signal?: AbortSignal): Promise<void> {
  // Whatever is already waiting (a request's I/O) runs before the next step in any case.
  await new Promise<void>((resolve) => setImmediate(resolve));
  const started = performance.now();
  while (visitorsKeepServerBusy() && performance.now() - started < MAX_WAIT_MS && !signal?.aborted) {
    await new Promise<void>((resolve) => setTimeout(resolve, STEP_MS));
  }
}
