// The creating operations that take an Idempotency-Key: the server runs them once per
// key (server/web/trpc/idempotency.ts) and the SPA sends one key per submission (client/lib/trpc.ts).
export const IDEMPOTENT_PROCEDURES: ReadonlySet<string> = new Set([
  'contact.send',
  'newsletter.subscribe',
  'academy.createSubscription',
  'blog.create',
  'blog.restoreRevision',
  'uploads.createUploadUrl',
  'workshops.reserve',
  'workshops.createSession',
  'siteContent.services.create',
  'siteContent.newsletters.create',
  'siteContent.testimonials.create',
  'siteContent.partners.create',
  'podcastAdmin.createEpisode',
  'newsletter.issueCreate',
  'newsletter.issueFromPost',
  'newsletter.issueSend',
]);

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
