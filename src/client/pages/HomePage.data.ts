import type { PagePrefetch } from '../lib/page-prefetch';
import { BUSINESS } from '../../shared/business';
import { PAGE_ROUTES } from '../../shared/routes';

/** The lists the home page shows, and the business as a schema.org LocalBusiness. */
export const prefetch: PagePrefetch = async ({ trpc, publicUrl }) => {
  const [business] = await Promise.all([
    trpc.content.business.fetch(),
    trpc.content.advertisingServices.prefetch(),
    trpc.content.newsletters.prefetch(),
    trpc.content.testimonials.prefetch(),
    trpc.content.partners.prefetch(),
    trpc.podcasts.pages.prefetch({ page: 1 }),
  ]);
  return {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        name: BUSINESS.name,
        description: PAGE_ROUTES.home.meta.description,
        url: `${publicUrl}/`,
        email: business.email,
        telephone: business.phone,
        logo: `${publicUrl}/favicon.svg`,
        address: {
          '@type': 'PostalAddress',
          ...(business.streetAddress ? { streetAddress: business.streetAddress } : {}),
          addressLocality: business.town,
          addressRegion: business.county,
          postalCode: business.postcode,
          addressCountry: BUSINESS.country,
        },
        areaServed: { '@type': 'AdministrativeArea', name: business.county },
      },
    ],
  };
};
