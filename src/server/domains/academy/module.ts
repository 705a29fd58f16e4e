import type { DomainModule } from '../../domain-module';
import { academyMailKinds } from './mail-kinds';
import { academyAdminProcedures, academyRouter } from './router';
import { stripeWebhookRoutes } from './routes/stripe-webhook';
import { stripeWebhookDocs } from './routes/stripe-webhook.docs';

/** What the academy domain registers: its procedures and Stripe's webhook. */
export const academyModule = {
  namespaces: { academy: academyRouter },
  mailKinds: academyMailKinds,
  adminProcedures: academyAdminProcedures,
  routes: (deps) => [stripeWebhookRoutes(deps)],
  routeDocs: stripeWebhookDocs,
} satisfies DomainModule;
