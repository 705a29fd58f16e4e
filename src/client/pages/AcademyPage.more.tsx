import {
  NewsletterCta,
  PricingSection,
  ApproachSection,
  EntrepreneursSection,
  ModulesSection,
  TopFeaturesSection,
  WhySection,
  WorkshopSection,
} from '../features/academy';

/**
 * The academy page below its hero, in the order of docs/specification.md §2: one chunk outside the page's first load
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
