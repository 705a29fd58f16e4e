import type { PagePrefetch } from '../lib/page-prefetch';
import { PLANS } from '../../shared/academy';
import { ACADEMY, BUSINESS } from '../../shared/business';
import { PAGE_ROUTES, ROUTES } from '../../shared/routes';

/** The next free workshop session; the programme as a schema.org Course, its plans as offers. */
export const prefetch: PagePrefetch = async ({ trpc, publicUrl }) => {
  await trpc.workshops.next.prefetch();
  return {
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: `${ACADEMY.name} AI-entrepreneurship programme`,
        description: PAGE_ROUTES.academy.meta.description,
        provider: { '@type': 'Organization', name: BUSINESS.name, url: `${publicUrl}/` },
        offers: PLANS.map((plan) => ({
          '@type': 'Offer',
          name: plan.name,
          price: (plan.amountPence / 100).toFixed(2),
          priceCurrency: 'GBP',
          category: 'Subscription',
          url: `${publicUrl}${ROUTES.subscribe}?plan=${plan.id}`,
        })),
      },
    ],
  };
};
