import type { DomainModule } from '../../domain-module';
import { workshopMailKinds } from './mail-kinds';
import { workshopsRouter } from './router';

/** What the workshops domain registers: the sessions and their reservations. */
export const workshopsModule = {
  namespaces: { workshops: workshopsRouter },
  mailKinds: workshopMailKinds,
} satisfies DomainModule;
