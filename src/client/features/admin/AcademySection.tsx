import { AcademySubscriptionsSection } from '../academy/admin/AcademySubscriptionsSection';
import { WorkshopSessionsSection } from '../workshops/admin/WorkshopSessionsSection';

/** The academy's customers: free workshop sessions and their reservations, and paid subscriptions. */
export function AcademySection() {
  return (
    <>
      <WorkshopSessionsSection />
      <AcademySubscriptionsSection />
    </>
  );
}
