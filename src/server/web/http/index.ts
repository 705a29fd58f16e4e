import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import type { AnalyticsRecorder } from '../../domains/analytics';
import { registerUploadRoutes } from '../../domains/uploads/routes/uploads';
import { acceptEmptyJsonBodies } from './empty-body';
import { audioProxyRoutes } from '../../domains/podcasts/routes/audio-proxy';
import { stripeWebhookRoutes } from '../../domains/academy/routes/stripe-webhook';
import { subscribersCsvRoutes } from '../../domains/newsletter/routes/subscribers-csv';
import { newsletterUnsubscribeRoutes } from '../../domains/newsletter/routes/newsletter-unsubscribe';
import { readinessRoutes, type ShutdownState } from './readiness';
import { analyticsRoutes, createRecorderFor } from '../../domains/analytics/routes/analytics';

// The few routes that are not JSON (files, audio, the payment webhook, feeds). Each feature adds
// its plugin here; each is described beside it (routes/<route>.docs.ts), gathered in routes/index.ts.
export async function registerHttpRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  shutdown: ShutdownState,
): Promise<void> {
  await app.register(audioProxyRoutes(deps));
  await app.register(stripeWebhookRoutes(deps));
  await app.register(subscribersCsvRoutes(deps));
  await app.register(newsletterUnsubscribeRoutes(deps));
  await app.register(readinessRoutes(deps, shutdown));
  const recorder = createRecorderFor(app, deps);
  app.decorate('analytics', recorder);
  await app.register(analyticsRoutes(deps, recorder));
  acceptEmptyJsonBodies(app);
  await registerUploadRoutes(app, deps);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts page views and conversions (services/analytics); procedures reach it through the request. */
    analytics: AnalyticsRecorder;
  }
}
