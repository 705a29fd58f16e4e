import type { DomainModule } from '../../domain-module';
import { workshopsRouter } from './router';

/** What the workshops domain registers: the sessions and their reservations. */
export const workshopsModule = {
  namespaces: { workshops: workshopsRouter },
} satisfies DomainModule;
