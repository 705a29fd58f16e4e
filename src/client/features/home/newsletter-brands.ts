import { HOME_SECTIONS } from '../../../shared/routes';

// The newsletters with their own presentation (SPEC section 3). Each has a title colour, an image
// and a subscribe page on the newsletter platform; any other name gets the default look.
export type BrandTone = 'broxtown' | 'hertstown' | 'fieldtown' | 'default';

export interface NewsletterBrand {
  tone: BrandTone;
  image: string;
  subscribeUrl: string;
  external: boolean;
}

const BRANDS: Record<string, NewsletterBrand> = {
  broxtown: {
    tone: 'broxtown',
    image: '/images/newsletters/broxtown.svg',
    subscribeUrl: 'https://broxtown.substack.com/subscribe',
    external: true,
  },
  hertstown: {
    tone: 'hertstown',
    image: '/images/newsletters/hertstown.svg',
    subscribeUrl: 'https://hertstown.substack.com/subscribe',
    external: true,
  },
  fieldtown: {
    tone: 'fieldtown',
    image: '/images/newsletters/fieldtown.svg',
    subscribeUrl: 'https://fieldtown.substack.com/subscribe',
    external: true,
  },
};

const DEFAULT_BRAND: NewsletterBrand = {
  tone: 'default',
  image: '/images/newsletters/community.svg',
  subscribeUrl: `#${HOME_SECTIONS.newsletterSignup}`,
  external: false,
};

/** The presentation of a newsletter by its name (case and spacing do not matter). */
export function newsletterBrand(name: string): NewsletterBrand {
  return BRANDS[name.trim().toLowerCase()] ?? DEFAULT_BRAND;
}
