import type { Publication } from '../../../shared/content';
import { HOME_SECTIONS } from '../../../shared/routes';

// The newsletters with their own presentation (docs/specification.md §3, entities): each has a title colour and an
// image; any other name gets the default look. The subscribe link is the owner's, from the
// newsletter itself (the admin's Site content tab).
export type BrandTone = 'broxtown' | 'hertstown' | 'fieldtown' | 'default';

export interface NewsletterBrand {
  tone: BrandTone;
  image: string;
}

const BRANDS: Record<string, NewsletterBrand> = {
  broxtown: { tone: 'broxtown', image: '/images/newsletters/broxtown.svg' },
  hertstown: { tone: 'hertstown', image: '/images/newsletters/hertstown.svg' },
  fieldtown: { tone: 'fieldtown', image: '/images/newsletters/fieldtown.svg' },
};

const DEFAULT_BRAND: NewsletterBrand = { tone: 'default', image: '/images/newsletters/community.svg' };

/** The presentation of a newsletter by its name (case and spacing do not matter). */
export function publicationBrand(name: string): NewsletterBrand {
  return BRANDS[name.trim().toLowerCase()] ?? DEFAULT_BRAND;
}

/** Where a newsletter's subscribe button goes: its platform page in a new tab, or our own signup form. */
export function subscribeLink(newsletter: Pick<Publication, 'subscribeUrl'>): {
  href: string;
  external: boolean;
} {
  return newsletter.subscribeUrl
    ? { href: newsletter.subscribeUrl, external: true }
    : { href: `#${HOME_SECTIONS.newsletterSignup}`, external: false };
}
