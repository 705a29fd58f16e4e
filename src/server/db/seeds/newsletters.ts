import type { newsletters } from '../schema';

type NewNewsletter = typeof newsletters.$inferInsert;

// The three community newsletters the business publishes. Their names match the special
// presentation on the home page (colour, image and subscribe link): see features/home/newsletter-brands.ts.
export const newslettersSeed: NewNewsletter[] = [
  {
    name: 'Broxtown',
    description:
      'Planning decisions, new openings on the high street, school news and what’s on at the weekend: the stories that matter to Broxtown, gathered by people who live here.',
    location: 'Broxtown and surrounding villages, East Hertfordshire',
    sortOrder: 1,
  },
  {
    name: 'Hertstown',
    description:
      'A friendly monthly round-up for Hertstown families, with council updates, community groups, sports results and offers from independent shops and trades nearby.',
    location: 'Hertstown, Hertfordshire',
    sortOrder: 2,
  },
  {
    name: 'Fieldtown',
    description:
      'From the parish council to the farmers’ market, Fieldtown’s newsletter keeps residents in the loop and helps local businesses reach the neighbours who want to use them.',
    location: 'Fieldtown and the rural north of the county',
    sortOrder: 3,
  },
];
