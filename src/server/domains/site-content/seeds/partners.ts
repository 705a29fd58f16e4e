import type { partners } from '../tables';

type NewPartner = typeof partners.$inferInsert;

// The eight partner organisations of the specification, their logos served from our own origin.
export const partnersSeed: NewPartner[] = [
  { name: 'Hertford Chamber of Trade', logoUrl: '/images/partners/hertford-chamber.svg' },
  { name: 'Lea Valley Makers', logoUrl: '/images/partners/lea-valley-makers.svg' },
  { name: 'Ware Community Trust', logoUrl: '/images/partners/ware-community-trust.svg' },
  { name: 'Herts Arts Forum', logoUrl: '/images/partners/herts-arts-forum.svg' },
  { name: 'Stort Sports Partnership', logoUrl: '/images/partners/stort-sports-partnership.svg' },
  { name: 'Greenfield Growers', logoUrl: '/images/partners/greenfield-growers.svg' },
  { name: 'Herts Food Network', logoUrl: '/images/partners/herts-food-network.svg' },
  { name: 'County Business Hub', logoUrl: '/images/partners/county-business-hub.svg' },
].map((partner, i) => ({ ...partner, sortOrder: i + 1 }));
