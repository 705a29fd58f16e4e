// Counters that expire: what sign-in throttling keeps. A small interface so that the embedded
// default keeps them in this process and a deployment with several instances can keep them in a
// shared engine (Redis: INCR, then PEXPIRE ... NX; PTTL; DEL) without the callers changing.

export interface CounterState {
  count: number;
  /** Milliseconds until the counter's window ends and it is forgotten. */
  resetInMs: number;
}

export interface CounterStore {
  /**
   * Adds one to key. A key that does not exist starts at 1 with a window of windowMs; an existing
   * key keeps its window. Answers the count and the time left.
   */
  hit(key: string, windowMs: number): Promise<CounterState>;
  /** The counter as it is, or null when it does not exist (or its window has ended). */
  peek(key: string): Promise<CounterState | null>;
  /** Forgets key. */
  reset(key: string): Promise<void>;
}

/**
 * Counters in this process's memory, on the app's clock (tests move it). At most maxKeys are kept:
 * past that, expired ones go first, then the oldest, so a flood of new keys cannot exhaust memory.
 */
export function createMemoryCounterStore(clock: () => Date, maxKeys = 50_000): CounterStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string, now: number) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const makeRoom = (now: number) => {
    if (entries.size < maxKeys) return;
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size < maxKeys) break;
      entries.delete(key);
    }
  };
  return {
    async hit(key, windowMs) {
      const now = clock().getTime();
      let entry = live(key, now);
      if (!entry) {
        makeRoom(now);
        entry = { count: 0, expiresAt: now + windowMs };
        entries.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.expiresAt - now };
    },
    async peek(key) {
      const now = clock().getTime();
      const entry = live(key, now);
      return entry ? { count: entry.count, resetInMs: entry.expiresAt - now } : null;
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}
