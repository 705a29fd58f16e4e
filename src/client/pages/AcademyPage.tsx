import { useEffect } from 'react';
import { AcademyHero } from '../features/academy';
import { AcademyLayout } from '../components/layouts/AcademyLayout';
import { lazySection } from '../lib/lazy-section';
import { scrollToHashSoon } from '../lib/scroll';

// Everything below the hero (the workshop booking form and its validation, the programme's icons)
// is not in the page's first load: the server renders it, and it hydrates when its chunk arrives
// (lib/lazy-section.tsx, docs/decisions/0016).
const AcademyMoreSections = lazySection(() => import('./AcademyPage.more').then((m) => m.default));

/** A client-side navigation here waits for the lazy sections, so the page appears whole. */
export const preloadSections = () => AcademyMoreSections.preload();

/** /sparkai-academy: the ten parts of the specification's screens and routes (docs/specification.md §2) in order (the footer is the layout's). */
export default function AcademyPage() {
  useEffect(() => scrollToHashSoon(), []);
  return (
    <AcademyLayout sectionLinks>
      <AcademyHero />
      <AcademyMoreSections />
    </AcademyLayout>
  );
}
