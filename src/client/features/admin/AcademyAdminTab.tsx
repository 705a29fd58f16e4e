import { AcademySubscriptionsSection } from '../academy/admin';
import { WorkshopSessionsSection } from '../workshops/admin';

/** The academy's customers: free workshop sessions and their reservations, and paid subscriptions. */
export function AcademyAdminTab() {
  return (
    <>
      <WorkshopSessionsSection />
      <AcademySubscriptionsSection />
    </>
  );
}
