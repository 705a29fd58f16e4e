import { and, isNull, sql } from 'drizzle-orm';
import { BUSINESS_DETAILS_SEED } from '../../../shared/business';
import type { SeedSet } from '../../platform/db/seed';
import {
  advertisingServices,
  publications,
  partners,
  SETTING_KEYS,
  siteSettings,
  testimonials,
} from './tables';
import { advertisingServicesSeed } from './seeds/advertising';
import { PUBLICATION_LINK_PLACEHOLDERS, publicationsSeed } from './seeds/publications';
import { partnersSeed } from './seeds/partners';
import { testimonialsSeed } from './seeds/testimonials';

/** What a fresh install's pages show until the owner edits it; add a set by adding a line. */
export const siteContentSeeds: SeedSet[] = [
  {
    key: 'advertising-services:v1',
    apply: (tx) => tx.insert(advertisingServices).values(advertisingServicesSeed),
  },
  { key: 'newsletters:v1', apply: (tx) => tx.insert(publications).values(publicationsSeed) },
  { key: 'testimonials:v1', apply: (tx) => tx.insert(testimonials).values(testimonialsSeed) },
  // What used to be fixed in the page's code becomes the owner's to edit.
  { key: 'partners:v1', apply: (tx) => tx.insert(partners).values(partnersSeed) },
  {
    key: 'business-details:v1',
    apply: (tx) =>
      tx
        .insert(siteSettings)
        .values({ key: SETTING_KEYS.business, value: { ...BUSINESS_DETAILS_SEED } })
        .onConflictDoNothing(),
  },
  {
    // An install seeded before the links were stored keeps the subscribe buttons it had.
    key: 'newsletter-links:v1',
    apply: async (tx) => {
      for (const [name, url] of Object.entries(PUBLICATION_LINK_PLACEHOLDERS)) {
        await tx
          .update(publications)
          .set({ subscribeUrl: url })
          .where(and(sql`lower(trim(${publications.name})) = ${name}`, isNull(publications.subscribeUrl)));
      }
    },
  },
];
