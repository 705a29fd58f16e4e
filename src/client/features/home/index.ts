// The home page's sections: the first screens, and the rest, which the page loads below the fold.
// Also, for other features: the sections' frame (the podcasts section sits on it) and the
// services' icons by name (the admin's list of services).
export { HeroSection } from './HeroSection';
export { AboutSection } from './AboutSection';
export { keepAnchorInView } from './keep-anchor-in-view';
export { AdvertisingSection, serviceIcon } from './AdvertisingSection';
export { PublicationsSection } from './PublicationsSection';
export { FreeWebsitesSection } from './FreeWebsitesSection';
export { WhyAdvertiseSection } from './WhyAdvertiseSection';
export { StatisticsSection } from './StatisticsSection';
export { SponsoredEditorialsSection } from './SponsoredEditorialsSection';
export { TestimonialsSection } from './TestimonialsSection';
export { PartnerLogosSection } from './PartnerLogosSection';
export { ContactSection } from './ContactSection';
export { Section } from './Section';
