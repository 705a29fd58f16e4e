import type { Config } from '../config';
import type { CounterStore } from './counter-store';

// What several instances of the site must share beyond the database: the counters of
// rate limits and sign-in throttling, and the message that someone wrote, so that every instance
// empties its response cache. With REDIS_URL they live in Redis; without it each instance keeps its
// own in memory (the embedded default), and the Redis client is never even loaded.

export interface CacheInvalidation {
  /** Tells every other instance that this one wrote; resolves once the message is on its way. */
  publish(): Promise<void>;
  /** listener runs when another instance wrote, and after a lost connection (messages may have been missed). */
  onInvalidate(listener: () => void): void;
}

export interface SharedState {
  /** Sign-in throttling's counters (domains/auth/sign-in-throttle.ts), shared by every instance. */
  counters: CounterStore;
  /** The Redis client for @fastify/rate-limit's own Redis store. */
  rateLimitClient: unknown;
  cache: CacheInvalidation;
  /** Whether Redis answers now (for readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

/** Shared state in Redis when REDIS_URL is set, else null (each instance keeps its own in memory). */
export async function openSharedState(
  config: Pick<Config, 'REDIS_URL'>,
  options: { clock: () => Date; log: Logger },
): Promise<SharedState | null> {
  if (!config.REDIS_URL) return null;
  const { connectRedisSharedState } = await import('./shared-state-redis');
  return connectRedisSharedState(config.REDIS_URL, options);
}

/** What an instance started on a shared database without REDIS_URL or S3_BUCKET keeps to itself. */
export function perInstanceWarnings(
  config: Pick<Config, 'DATABASE_URL' | 'REDIS_URL' | 'S3_BUCKET'>,
): string[] {
  if (!config.DATABASE_URL) return [];
  const warnings: string[] = [];
  if (!config.REDIS_URL)
    warnings.push(
      'DATABASE_URL is set but REDIS_URL is not: rate limits, sign-in throttling and the response cache are per ' +
        'instance. That is right for one instance; with more, set REDIS_URL so they hold across all of them.',
    );
  if (!config.S3_BUCKET)
    warnings.push(
      "DATABASE_URL is set but S3_BUCKET is not: uploaded files are kept in this instance's DATA_DIR. That is " +
        'right for one instance; with more, set S3_BUCKET (and S3_ENDPOINT...) so every instance serves them.',
    );
  return warnings;
}
