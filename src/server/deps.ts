import type { Config } from './config';
import type { Database, DatabaseHandle } from './platform/db/client';
import type { JobQueue } from './platform/jobs/queue';
import type { Mailer } from './platform/mail/mailer';
import type { OutboundClient } from './platform/outbound';
import type { Payments } from './domains/academy';
import type { AnalyticsRecorder } from './domains/analytics';
import type { SignInThrottle } from './domains/auth';
import type { ObjectStorage } from './platform/storage';
import type { SharedState } from './platform/shared-state';

/**
 * What the app needs from the outside world, passed in explicitly (tests pass their own). Every
 * layer imports this type from here, never from app.ts: app.ts imports the routers, the routers
 * the services, so a service importing app.ts closed a circle through the whole server.
 */
export interface AppDeps {
  config: Config;
  /** The Drizzle database every service queries. */
  db: Database;
  /**
   * The open database itself: which engine, whether it answers now (health checks), and on the
   * embedded one its bulk way in (analytics batches).
   */
  database: Pick<DatabaseHandle, 'kind' | 'ping' | 'copyIn'>;
  mailer: Mailer;
  /** Fetches from other servers (feeds, episode audio): public addresses only, unless configured. */
  outbound: OutboundClient;
  /** The durable job queue (pg-boss on this database): promised e-mails, the feed refresh. */
  jobs: JobQueue;
  /** Stripe Checkout for the academy's plans (answers 'not set up' without STRIPE_SECRET_KEY). */
  payments: Payments;
  /** The current time; tests move it to check expiry rules. */
  clock: () => Date;
  /** Holds back and refuses repeated failed sign-ins; over this process's counters by default. */
  signInThrottle: SignInThrottle;
  /** Uploaded files: DATA_DIR/uploads, or the S3 bucket of S3_BUCKET (platform/storage.ts). */
  storage: ObjectStorage;
  /**
   * With REDIS_URL, what every instance shares: rate-limit and throttle counters, and the message to
   * empty response caches. Absent on the embedded default: each process keeps its own.
   */
  sharedState?: SharedState | null;
  /**
   * Counts page views and conversions without cookies (domains/analytics): views buffered and written
   * in batches, so its owner closes it after the app, before the database.
   */
  analytics: AnalyticsRecorder;
}
