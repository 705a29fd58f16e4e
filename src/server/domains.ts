import { stripeWebhookDocs } from './domains/academy/routes/stripe-webhook.docs';
import { analyticsRouteDocs } from './domains/analytics/routes/analytics';
import { oneClickDocs } from './domains/newsletter/routes/newsletter-unsubscribe.docs';
import { subscribersCsvDocs } from './domains/newsletter/routes/subscribers-csv.docs';
import { audioProxyDocs } from './domains/podcasts/routes/audio-proxy.docs';
import { uploadDocs } from './domains/uploads/routes/uploads.docs';
import type { PathItem } from './web/http/docs-parts';

// What the domains bring to the floors, listed here by hand (app.ts registers their plain routes).

/** The domains' plain (non-tRPC) routes' part of openapi/openapi.json; each is described beside its route. */
export const domainRouteDocs: Record<string, PathItem> = {
  ...audioProxyDocs,
  ...uploadDocs,
  ...subscribersCsvDocs,
  ...oneClickDocs,
  ...stripeWebhookDocs,
  ...analyticsRouteDocs,
};
