import type { DomainModule } from '../../domain-module';
import { contactMailKinds } from './mail-kinds';
import { contactAdminProcedures, contactRouter } from './router';

/** What the contact domain registers: the contact form and the owner's enquiries. */
export const contactModule = {
  namespaces: { contact: contactRouter },
  mailKinds: contactMailKinds,
  adminProcedures: contactAdminProcedures,
} satisfies DomainModule;
