import { AcademySubscriptionsSection } from './AcademySubscriptionsSection';
import { WorkshopSessionsSection } from './WorkshopSessionsSection';

/** The academy's customers: free workshop sessions and their reservations, and paid subscriptions. */
export function AcademySection() {
  return (
    <>
      <WorkshopSessionsSection />
      <AcademySubscriptionsSection />
    </>
  );
}
