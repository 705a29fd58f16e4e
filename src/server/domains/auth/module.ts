import type { DomainModule } from '../../domain-module';
import { authAdminProcedures, authRouter } from './router';

/** What the auth domain registers: signing in and out, and the admins' accounts. */
export const authModule = {
  namespaces: { auth: authRouter },
  adminProcedures: authAdminProcedures,
} satisfies DomainModule;
