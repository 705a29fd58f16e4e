import { apiDocsDocs } from '../api-docs';
import { readinessDocs } from '../readiness';
import { analyticsRouteDocs } from './analytics';
import { audioProxyDocs } from './audio-proxy.docs';
import type { PathItem } from './docs-parts';
import { oneClickDocs } from './newsletter-unsubscribe.docs';
import { stripeWebhookDocs } from './stripe-webhook.docs';
import { subscribersCsvDocs } from './subscribers-csv.docs';
import { uploadDocs } from './uploads.docs';

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
