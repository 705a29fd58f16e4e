import { describe, expect, it } from 'vitest';
import { giveWay, noteRequestAnswered, visitorsKeepServerBusy } from '../../src/server/platform/give-way';

/** Keeps this thread working for `ms`, answering `requests` requests spread over the time. */
function work(ms: number, requests: number): void {
  const until = performance.now() + ms;
  let noted = 0;
  while (performance.now() < until) {
    const due = Math.floor(((ms - (until - performance.now())) / ms) * requests);
    for (; noted < due; noted++) noteRequestAnswered();
  }
}

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background work giving way to visitors', () => {
  it('waits only while the thread is busy with many requests, not when busy alone or idle', async () => {
    visitorsKeepServerBusy();
    // Busy with 150 requests in a window of 200 ms: visitors.
    work(250, 150);
    expect(visitorsKeepServerBusy()).toBe(true);
    // Busy with 3 requests (a test waiting on a job, another process's load): not visitors.
    work(250, 3);
    expect(visitorsKeepServerBusy()).toBe(false);
    // Many requests but an idle thread: the server keeps up, nothing to give way to.
    for (let i = 0; i < 150; i++) noteRequestAnswered();
    await idle(250);
    expect(visitorsKeepServerBusy()).toBe(false);
  });

  it('holds a step back while visitors keep the server busy, then goes on', async () => {
    work(250, 150);
    expect(visitorsKeepServerBusy()).toBe(true);
    work(250, 150);
    const started = performance.now();
    await giveWay();
    // It waited (the window said busy) and then went on by itself: a send is never stopped.
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
  });
});
