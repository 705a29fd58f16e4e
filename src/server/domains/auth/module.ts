import type { DomainModule } from '../../domain-module';
import { authMailKinds } from './mail-kinds';
import { authAdminProcedures, authRouter } from './router';

/** What the auth domain registers: signing in and out, and the admins' accounts. */
export const authModule = {
  namespaces: { auth: authRouter },
  mailKinds: authMailKinds,
  adminProcedures: authAdminProcedures,
} satisfies DomainModule;
