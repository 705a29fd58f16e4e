import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from './deps';
import type { Database } from './platform/db/client';
import type { SeedSet } from './platform/db/seed';
import type { JobDefinition } from './platform/jobs/queue';
import type { MailKind } from './platform/mail/queue';
import type { PathItem } from './web/http/docs-parts';
import type { MovedPages } from './web/http/pages';
import type { SitemapSource } from './web/http/seo';

// What a domain registers with the composition root, so that the floors and the root run it without
// naming it: each domain's module.ts exports one DomainModule, and domains.ts lists them.

/** What a job is made with: the background work runs outside any request. */
export type JobDeps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config'> &
  Partial<Pick<AppDeps, 'sharedState'>>;
/** Work on a schedule also fetches from other servers (the podcast feed). */
export type ScheduledJobDeps = JobDeps & Pick<AppDeps, 'outbound'>;

export interface JobContext {
  /** The app's log once it exists (jobs run only after that). */
  log: { info(obj: object, msg: string): void };
}

export interface DomainModule {
  /** Its tRPC namespaces, under the keys clients know (one per domain; two where a key was taken before). */
  namespaces?: Record<string, AnyTRPCRouter>;
  /** Its admin procedures, which keep their admin.* paths beside the other domains'. */
  adminProcedures?: Record<string, AnyTRPCProcedure>;
  /**
   * Its plain (non-tRPC) routes: files, audio, webhooks, exports, feeds. Each brings its own body parsers,
   * so they are registered before the floor's reading of empty JSON bodies.
   */
  routes?: (deps: AppDeps) => FastifyPluginAsync[];
  /** Those routes' part of openapi/openapi.json, each described beside its route. */
  routeDocs?: Record<string, PathItem>;
  /** The e-mails it writes, which the mail queue sends. */
  mailKinds?: readonly MailKind[];
  /** Queues a request fills (its sending): run wherever jobs run, tests included. */
  jobs?: (deps: JobDeps, context: JobContext) => JobDefinition<never>[];
  /** Work on a schedule (refreshes, prunes, roll-ups, posts going out): the running site's only. */
  scheduledJobs?: (deps: ScheduledJobDeps, context: JobContext) => JobDefinition<never>[];
  /** Its addresses in the sitemap. */
  sitemap?: SitemapSource;
  /** What the response cache of public reads must know of it. */
  cache?: {
    /** When a public read next changes by itself (a scheduled post), as epoch milliseconds. */
    nextChange?(db: Database): Promise<number | null>;
    /** What it keeps in memory beside the cache, dropped with it. */
    onEmpty?(db: Database): void;
  };
  /** Its pages whose earlier addresses answer with a permanent move. */
  movedPages?(db: Database): MovedPages[];
  /** The rows a fresh install starts with. */
  seeds?: readonly SeedSet[];
}
