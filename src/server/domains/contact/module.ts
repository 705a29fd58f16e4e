import type { DomainModule } from '../../domain-module';
import { contactAdminProcedures, contactRouter } from './router';

/** What the contact domain registers: the contact form and the owner's enquiries. */
export const contactModule = {
  namespaces: { contact: contactRouter },
  adminProcedures: contactAdminProcedures,
} satisfies DomainModule;
