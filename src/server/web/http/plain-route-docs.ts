import { apiDocsDocs } from './api-docs';
import { readinessDocs } from './readiness';
import { analyticsRouteDocs } from '../../domains/analytics/routes/analytics';
import { audioProxyDocs } from '../../domains/podcasts/routes/audio-proxy.docs';
import type { PathItem } from './docs-parts';
import { oneClickDocs } from '../../domains/newsletter/routes/newsletter-unsubscribe.docs';
import { stripeWebhookDocs } from '../../domains/academy/routes/stripe-webhook.docs';
import { subscribersCsvDocs } from '../../domains/newsletter/routes/subscribers-csv.docs';
import { uploadDocs } from '../../domains/uploads/routes/uploads.docs';

/** The plain (non-tRPC) routes' part of openapi/openapi.json; each route's description is beside it. */
export const plainRouteDocs: Record<string, PathItem> = {
  ...audioProxyDocs,
  ...uploadDocs,
  ...subscribersCsvDocs,
  ...oneClickDocs,
  ...stripeWebhookDocs,
  ...apiDocsDocs,
  ...readinessDocs,
  ...analyticsRouteDocs,
};
