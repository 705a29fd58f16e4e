import type { publications } from '../tables';

type NewPublication = typeof publications.$inferInsert;

/** Where the subscribe buttons pointed when they were fixed in the page's code. */
export const PUBLICATION_LINK_PLACEHOLDERS = {
  broxtown: 'https://broxtown.substack.com/subscribe',
  hertstown: 'https://hertstown.substack.com/subscribe',
  fieldtown: 'https://fieldtown.substack.com/subscribe',
} as const;

// The three community publications the business publishes. Their names match the special
// presentation on the home page (colour and image: features/home/publication-brands.ts); their
// subscribe links are placeholders on the newsletter platform until the owner enters the real ones.
export const publicationsSeed: NewPublication[] = [
  {
    name: 'Broxtown',
    subscribeUrl: PUBLICATION_LINK_PLACEHOLDERS.broxtown,
    description:
      'Planning decisions, new openings on the high street, school news and what’s on at the weekend: the stories that matter to Broxtown, gathered by people who live here.',
    location: 'Broxtown and surrounding villages, East Hertfordshire',
    sortOrder: 1,
  },
  {
    name: 'Hertstown',
    subscribeUrl: PUBLICATION_LINK_PLACEHOLDERS.hertstown,
    description:
      'A friendly monthly round-up for Hertstown families, with council updates, community groups, sports results and offers from independent shops and trades nearby.',
    location: 'Hertstown, Hertfordshire',
    sortOrder: 2,
  },
  {
    name: 'Fieldtown',
    subscribeUrl: PUBLICATION_LINK_PLACEHOLDERS.fieldtown,
    description:
      'From the parish council to the farmers’ market, Fieldtown’s newsletter keeps residents in the loop and helps local businesses reach the neighbours who want to use them.',
    location: 'Fieldtown and the rural north of the county',
    sortOrder: 3,
  },
];
