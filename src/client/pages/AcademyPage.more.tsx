import { NewsletterCta } from '../features/academy/NewsletterCta';
import { PricingSection } from '../features/academy/PricingSection';
import {
  ApproachSection,
  EntrepreneursSection,
  ModulesSection,
  TopFeaturesSection,
  WhySection,
} from '../features/academy/ProgrammeSections';
import { WorkshopSection } from '../features/academy/WorkshopSection';

/**
 * The academy page below its hero, in the SPEC's order: one chunk outside the page's first load
 * (the workshop booking form, its validation and the programme's icons are most of it), see
 * AcademyPage.tsx.
 */
export default function AcademyMoreSections() {
  return (
    <>
      <TopFeaturesSection />
      <EntrepreneursSection />
      <ModulesSection />
      <ApproachSection />
      <WhySection />
      <PricingSection />
      <WorkshopSection />
      <NewsletterCta />
    </>
  );
}
