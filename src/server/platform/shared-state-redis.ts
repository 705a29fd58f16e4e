import { randomUUID } from 'node:crypto';
import type { Redis, RedisOptions } from 'ioredis';
import type { CounterStore } from './counter-store';
import { DomainError } from './errors';
import type { SharedState } from './shared-state';

// The shared state of several instances in one Redis. ioredis is imported when REDIS_URL is set,
// not at the top of the module: the server is one bundle, so a static import would load it on the
// embedded default too. Every key starts with `hlm:` so the Redis can be shared with other things.

const CACHE_CHANNEL = 'hlm:cache-invalidate';
const COUNTER_PREFIX = 'hlm:counter:';

/**
 * One counter is a hash {c: count, e: when its window ends, in ms on the app's clock}, changed by
 * one script so that two instances counting at once never lose a hit. The window is kept on the
 * app's clock, as the memory store does (tests move it), and Redis forgets the key when it ends.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local ends = tonumber(redis.call('HGET', KEYS[1], 'e'))
if (not ends) or ends <= now then
  redis.call('HSET', KEYS[1], 'c', 1, 'e', now + window)
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, window}
end
local count = redis.call('HINCRBY', KEYS[1], 'c', 1)
return {count, ends - now}
`;

interface CounterCommands {
  counterHit(key: string, now: number, windowMs: number): Promise<[number, number]>;
}

/** Sign-in throttling cannot count without Redis: refuse for a moment rather than let guesses through. */
const counterUnavailable = () =>
  new DomainError(
    'SERVICE_UNAVAILABLE',
    'Signing in is unavailable for a moment. Please try again shortly.',
    5,
  );

/** The CounterStore of platform/counter-store.ts over Redis, with the memory store's meaning. */
export function createRedisCounterStore(client: Redis, clock: () => Date): CounterStore {
  client.defineCommand('counterHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const commands = client as unknown as CounterCommands;
  const failClosed = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch {
      throw counterUnavailable();
    }
  };
  return {
    hit: (key, windowMs) =>
      failClosed(async () => {
        const [count, resetInMs] = await commands.counterHit(
          `${COUNTER_PREFIX}${key}`,
          clock().getTime(),
          Math.max(1, Math.round(windowMs)),
        );
        return { count, resetInMs };
      }),
    peek: (key) =>
      failClosed(async () => {
        const [count, ends] = await client.hmget(`${COUNTER_PREFIX}${key}`, 'c', 'e');
        const resetInMs = Number(ends) - clock().getTime();
        return count === null || ends === null || resetInMs <= 0 ? null : { count: Number(count), resetInMs };
      }),
    reset: (key) =>
      failClosed(async () => {
        await client.del(`${COUNTER_PREFIX}${key}`);
      }),
  };
}

/**
 * Connects (two connections: one publishes and counts, one only listens) and fails the start with a
 * plain message when Redis does not answer. Afterwards a lost connection is retried for ever, and
 * commands fail at once meanwhile instead of waiting in a queue: requests answer, readiness says so.
 */
export async function connectRedisSharedState(
  url: string,
  options: {
    clock: () => Date;
    log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
  },
): Promise<SharedState> {
  const settings: RedisOptions = {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  };
  const { Redis } = await import('ioredis');
  const client = new Redis(url, settings);
  // The subscriber subscribes again itself after a reconnect (below): ioredis's own resubscribe
  // rejected unhandled when the connection dropped again as it was being made.
  const subscriber = new Redis(url, { ...settings, autoResubscribe: false });
  for (const connection of [client, subscriber])
    connection.on('error', (error: Error) =>
      options.log.warn({ err: error.message }, 'Redis connection error'),
    );
  try {
    await Promise.all([client.connect(), subscriber.connect()]);
  } catch (error) {
    client.disconnect();
    subscriber.disconnect();
    throw new Error(`Redis at REDIS_URL does not answer (${(error as Error).message}); is it running?`, {
      cause: error,
    });
  }

  // Each instance ignores its own messages: it emptied its cache before publishing.
  const instance = randomUUID();
  const listeners: Array<() => void> = [];
  const invalidate = () => listeners.forEach((listener) => listener());
  subscriber.on('message', (_channel: string, sender: string) => {
    if (sender !== instance) invalidate();
  });
  await subscriber.subscribe(CACHE_CHANNEL);
  let connected = true;
  subscriber.on('close', () => {
    connected = false;
  });
  // After a reconnect: subscribed again (what was published meanwhile is lost, so the cache empties).
  subscriber.on('ready', () => {
    if (connected) return;
    connected = true;
    subscriber
      .subscribe(CACHE_CHANNEL)
      .catch((error: Error) => options.log.warn({ err: error.message }, 'Redis subscribe failed'));
    options.log.info({}, 'Redis is back: emptying the response cache in case a write was missed');
    invalidate();
  });

  return {
    counters: createRedisCounterStore(client, options.clock),
    rateLimitClient: client,
    cache: {
      async publish() {
        await client.publish(CACHE_CHANNEL, instance);
      },
      onInvalidate(listener) {
        listeners.push(listener);
      },
    },
    async ping() {
      // A Redis that holds the connection but does not answer is as down as one that refuses it.
      const timeout = new Promise<string>((resolve) => setTimeout(resolve, 2_000, 'timeout').unref());
      return (await Promise.race([client.ping().catch(() => 'error'), timeout])) === 'PONG';
    },
    async close() {
      // QUIT waits for Redis to answer: one that is away is simply let go.
      await Promise.allSettled(
        [subscriber, client].map((c) => (c.status === 'ready' ? c.quit() : Promise.resolve(c.disconnect()))),
      );
    },
  };
}
