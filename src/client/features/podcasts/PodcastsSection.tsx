import { HOME_SECTIONS } from '../../../shared/routes';
import { Section } from '../home/Section';

// Placeholder until the podcasts feature lands: the section's frame with 'Coming Soon'.
export function PodcastsSection() {
  return (
    <Section id={HOME_SECTIONS.podcasts} eyebrow="Podcasts" title="Hertfordshire Voices">
      <p>Coming Soon</p>
    </Section>
  );
}
