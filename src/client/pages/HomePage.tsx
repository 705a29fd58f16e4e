import { useEffect } from 'react';
import { SiteLayout } from '../components/layouts/SiteLayout';
import { AboutSection } from '../features/home/AboutSection';
import { AdvertisingSection } from '../features/home/AdvertisingSection';
import { ContactSection } from '../features/home/ContactSection';
import { FreeWebsitesSection } from '../features/home/FreeWebsitesSection';
import { HeroSection } from '../features/home/HeroSection';
import { NewsletterLinkNotice } from '../features/newsletter/NewsletterLinkNotice';
import { NewsletterSignupSection } from '../features/newsletter/NewsletterSignupSection';
import { PublicationsSection } from '../features/home/PublicationsSection';
import { PartnerLogosSection } from '../features/home/PartnerLogosSection';
import { SponsoredEditorialsSection } from '../features/home/SponsoredEditorialsSection';
import { StatisticsSection } from '../features/home/StatisticsSection';
import { TestimonialsSection } from '../features/home/TestimonialsSection';
import { WhyAdvertiseSection } from '../features/home/WhyAdvertiseSection';
import { PodcastsSection } from '../features/podcasts/PodcastsSection';
import { scrollToHashSoon } from '../lib/scroll';
import { keepAnchorInView } from '../features/home/keep-anchor-in-view';
import { HASH_SCROLL_DELAY_MS } from '../../shared/constants';

// The order of the SPEC's screens and routes: hero, about, the service sections, sponsored editorials, podcasts,
// testimonials, newsletter signup, partner logos, contact form (the footer comes from the layout).
export default function HomePage() {
  useEffect(() => {
    const cancelScroll = scrollToHashSoon();
    // Start keeping the section in place once the 100 ms scroll has happened.
    let release = () => {};
    const timer = window.setTimeout(() => (release = keepAnchorInView()), HASH_SCROLL_DELAY_MS + 50);
    return () => {
      cancelScroll();
      window.clearTimeout(timer);
      release();
    };
  }, []);
  return (
    <SiteLayout>
      <NewsletterLinkNotice />
      <HeroSection />
      <AboutSection />
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
    </SiteLayout>
  );
}
