import { useEffect } from 'react';
import { SiteLayout } from '../components/layouts/SiteLayout';
import { AboutSection, HeroSection, keepAnchorInView } from '../features/home';
import { NewsletterLinkNotice } from '../features/newsletter';
import { lazySection } from '../lib/lazy-section';
import { scrollToHashSoon } from '../lib/scroll';
import { HASH_SCROLL_DELAY_MS } from '../../shared/constants';

// Everything below the first screens (the audio player, the forms and their validation) is not in
// the page's first load: the server renders it, and it hydrates when its chunk arrives
// (lib/lazy-section.tsx, docs/decisions/0016).
const HomeMoreSections = lazySection(() => import('./HomePage.more').then((m) => m.default));

/** A client-side navigation here waits for the lazy sections, so the page appears whole. */
export const preloadSections = () => HomeMoreSections.preload();

// The order of the specification's screens and routes (docs/specification.md §2): hero, about, the service sections, sponsored editorials, podcasts,
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
      <HomeMoreSections />
    </SiteLayout>
  );
}
