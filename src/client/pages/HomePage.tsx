import { useEffect } from 'react';
import { SiteLayout } from '../features/layout/SiteLayout';
import { AdvertisingSection } from '../features/home/AdvertisingSection';
import { Section } from '../features/home/Section';
import { scrollToHashSoon } from '../lib/scroll';
import { HOME_SECTIONS } from '../../shared/routes';

export default function HomePage() {
  useEffect(() => scrollToHashSoon(), []);
  return (
    <SiteLayout>
      <Section id={HOME_SECTIONS.home}>
        <h1>Hertfordshire&apos;s local media, newsletters and advertising</h1>
      </Section>
      <AdvertisingSection />
      <Section id={HOME_SECTIONS.contact} title="Get in touch">
        <p>Our contact form is on its way.</p>
      </Section>
    </SiteLayout>
  );
}
