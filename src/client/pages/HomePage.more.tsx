import { AdvertisingSection } from '../features/home/AdvertisingSection';
import { ContactSection } from '../features/home/ContactSection';
import { FreeWebsitesSection } from '../features/home/FreeWebsitesSection';
import { PartnerLogosSection } from '../features/home/PartnerLogosSection';
import { PublicationsSection } from '../features/home/PublicationsSection';
import { SponsoredEditorialsSection } from '../features/home/SponsoredEditorialsSection';
import { StatisticsSection } from '../features/home/StatisticsSection';
import { TestimonialsSection } from '../features/home/TestimonialsSection';
import { WhyAdvertiseSection } from '../features/home/WhyAdvertiseSection';
import { NewsletterSignupSection } from '../features/newsletter/NewsletterSignupSection';
import { PodcastsSection } from '../features/podcasts/PodcastsSection';

/**
 * The home page below its first screens, in the SPEC's order: one chunk outside the page's first
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
