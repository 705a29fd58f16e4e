import { AcademySubscriptionsSection } from '../../features/academy/admin';
import { WorkshopSessionsSection } from '../../features/workshops/admin';

/** The academy's customers: free workshop sessions and their reservations, and paid subscriptions. */
export function AcademyAdminTab() {
  return (
    <>
      <WorkshopSessionsSection />
      <AcademySubscriptionsSection />
    </>
  );
}
