import type { Table } from 'drizzle-orm';
import type { DomainModule } from './domain-module';
import { academyModule } from './domains/academy/module';
import { activityModule } from './domains/activity/module';
import { analyticsModule } from './domains/analytics/module';
import { authModule } from './domains/auth/module';
import { blogModule } from './domains/blog/module';
import { contactModule } from './domains/contact/module';
import { newsletterModule } from './domains/newsletter/module';
import { podcastsModule } from './domains/podcasts/module';
import { siteContentModule } from './domains/site-content/module';
import { uploadsModule } from './domains/uploads/module';
import { workshopsModule } from './domains/workshops/module';
import type { Database } from './platform/db/client';
import { academySubscriptions, paymentEvents, subscriptionManageLinks } from './domains/academy/tables';
import { activityLog } from './domains/activity/tables';
import {
  analyticsConversions,
  analyticsDaily,
  analyticsFolded,
  analyticsFoldedUntil,
  analyticsMonthly,
  analyticsPageViews,
  analyticsSalts,
} from './domains/analytics/tables';
import { passwordResetTokens, sessions, staffInvitations, staffSlugs, users } from './domains/auth/tables';
import {
  blogPosts,
  blogSearchWords,
  postRevisions,
  postSlugs,
  postTags,
  postCoauthors,
  tagSlugs,
  tags,
} from './domains/blog/tables';
import { contactMessages, usedChallenges } from './domains/contact/tables';
import {
  newsletterIssues,
  newsletterPace,
  newsletterRecipients,
  newsletterSubscriptions,
} from './domains/newsletter/tables';
import { podcastEpisodes } from './domains/podcasts/tables';
import {
  advertisingServices,
  publications,
  partners,
  siteSettings,
  testimonials,
} from './domains/site-content/tables';
import { uploadTickets, uploads } from './domains/uploads/tables';
import { workshopReservations, workshopSessions } from './domains/workshops/tables';
import { appSecrets, idempotencyKeys, outbox, seedRuns } from './platform/db/tables';
import { applySeeds } from './platform/db/seed';
import type { PathItem } from './web/http/docs-parts';
import type { MailKind } from './platform/mail/queue';

// The one file that names every domain: what each registers (domain-module.ts), which the
// composition root (app.ts, router.ts, background-jobs.ts) runs by going through this list, and
// which tables a backup holds.

/** Every domain's module, with the types of its namespaces kept (the router's type is made from them). */
export const domainModules = [
  academyModule,
  activityModule,
  analyticsModule,
  authModule,
  blogModule,
  contactModule,
  newsletterModule,
  podcastsModule,
  siteContentModule,
  uploadsModule,
  workshopsModule,
] as const;

/** Every domain, as the floors and the root go through them. */
export const DOMAINS: readonly DomainModule[] = domainModules;

/** The domains' plain (non-tRPC) routes' part of openapi/openapi.json; each is described beside its route. */
export const domainRouteDocs: Record<string, PathItem> = Object.assign(
  {},
  ...DOMAINS.map((domain) => domain.routeDocs ?? {}),
) as Record<string, PathItem>;

/** The e-mails the mail queue sends, each registered by the domain that writes it. */
export const mailKinds: readonly MailKind[] = DOMAINS.flatMap((domain) => domain.mailKinds ?? []);

/**
 * Applies the seed sets not applied yet (on a fresh install, all of them), each once; answers their
 * keys. Each set is its own transaction on its own domain's tables.
 */
export function runSeeds(db: Database): Promise<string[]> {
  return applySeeds(
    db,
    DOMAINS.flatMap((domain) => domain.seeds ?? []),
  );
}

/** What a backup holds (platform/backup.ts): every table, parents before children, so rows can be inserted in this order. */
export const BACKED_UP: readonly Table[] = [
  users,
  // A person's earlier author addresses (their 301s).
  staffSlugs,
  sessions,
  passwordResetTokens,
  staffInvitations,
  blogPosts,
  // A post's tags, earlier addresses of posts and tags (their 301s), revisions, and the words search
  // corrects towards.
  tags,
  tagSlugs,
  postTags,
  // A post's authors after its first (after users and blogPosts: their keys).
  postCoauthors,
  postSlugs,
  postRevisions,
  blogSearchWords,
  uploadTickets,
  uploads,
  advertisingServices,
  publications,
  testimonials,
  partners,
  siteSettings,
  podcastEpisodes,
  contactMessages,
  // The workshop's sessions, then their reservations (after contactMessages: a reservation's key).
  workshopSessions,
  workshopReservations,
  newsletterSubscriptions,
  // Newsletter issues and who got each one (after newsletterSubscriptions: a recipient's key).
  newsletterIssues,
  newsletterRecipients,
  academySubscriptions,
  paymentEvents,
  seedRuns,
  // E-mails promised and not yet sent are part of what the site owes (after contactMessages: its
  // key). They are jobs of the queue, which a backup writes as outbox rows (unsentMailAsOutboxRows)
  // and the restored site's first start queues again.
  outbox,
  // Who changed what: the record an owner may be asked for (after users: its key).
  activityLog,
  // The owner's visitor figures: the daily roll-ups, their sums by month (taken in the same
  // snapshot, so they agree) and the conversions they are credited with.
  analyticsDaily,
  analyticsMonthly,
  analyticsConversions,
];

/**
 * What a backup leaves out on purpose: the install's own signing keys (of the contact form's
 * challenges and the e-mailed subscription links; a restored site makes its own), answered
 * challenges and idempotency keys (both expire within a day), and the week-long 'Manage your
 * subscription' links (signed with that key, so a restored site could not verify them anyway; a
 * parent asks for a new one). A new table must join one list or the other (tests/api/backup.test.ts).
 */
export const NOT_BACKED_UP: readonly Table[] = [
  appSecrets,
  usedChallenges,
  idempotencyKeys,
  subscriptionManageLinks,
  // The newsletter's sending pace: a token bucket that refills by itself.
  newsletterPace,
  // Raw page views (kept 30 days, the bulk of the data; a restore loses the days not yet rolled
  // up) and the daily visitor salts, which must be thrown away, never kept in an archive.
  analyticsPageViews,
  analyticsSalts,
  // What the roll-up job has folded in of today, made from the raw views left out above.
  analyticsFolded,
  analyticsFoldedUntil,
];
