import {
  AdvertisingSection,
  ContactSection,
  FreeWebsitesSection,
  PartnerLogosSection,
  PublicationsSection,
  SponsoredEditorialsSection,
  StatisticsSection,
  TestimonialsSection,
  WhyAdvertiseSection,
} from '../features/home';
import { NewsletterSignupSection } from '../features/newsletter';
import { PodcastsSection } from '../features/podcasts';

/**
 * The home page below its first screens, in the order of docs/specification.md §2: one chunk outside the page's first
 * load (the audio player, the forms and their validation are most of it), see HomePage.tsx.
 */
export default function HomeMoreSections() {
  return (
    <>
      <AdvertisingSection />
      <PublicationsSection />
      <FreeWebsitesSection />
      <WhyAdvertiseSection />
      <StatisticsSection />
      <SponsoredEditorialsSection />
      <PodcastsSection />
      <TestimonialsSection />
      <NewsletterSignupSection />
      <PartnerLogosSection />
      <ContactSection />
    </>
  );
}
