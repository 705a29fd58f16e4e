import { useEffect } from 'react';
import { AcademyHero } from '../features/academy/AcademyHero';
import { AcademyLayout } from '../components/layouts/AcademyLayout';
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
import { scrollToHashSoon } from '../lib/scroll';

/** /sparkai-academy: the ten parts of the SPEC's screens and routes in order (the footer is the layout's). */
export default function AcademyPage() {
  useEffect(() => scrollToHashSoon(), []);
  return (
    <AcademyLayout sectionLinks>
      <AcademyHero />
      <TopFeaturesSection />
      <EntrepreneursSection />
      <ModulesSection />
      <ApproachSection />
      <WhySection />
      <PricingSection />
      <WorkshopSection />
      <NewsletterCta />
    </AcademyLayout>
  );
}
