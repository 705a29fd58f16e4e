// The eight partner organisations of SPEC section 2, served from our own origin.
export const PARTNERS = [
  { name: 'Hertford Chamber of Trade', logo: '/images/partners/hertford-chamber.svg' },
  { name: 'Lea Valley Makers', logo: '/images/partners/lea-valley-makers.svg' },
  { name: 'Ware Community Trust', logo: '/images/partners/ware-community-trust.svg' },
  { name: 'Herts Arts Forum', logo: '/images/partners/herts-arts-forum.svg' },
  { name: 'Stort Sports Partnership', logo: '/images/partners/stort-sports-partnership.svg' },
  { name: 'Greenfield Growers', logo: '/images/partners/greenfield-growers.svg' },
  { name: 'Herts Food Network', logo: '/images/partners/herts-food-network.svg' },
  { name: 'County Business Hub', logo: '/images/partners/county-business-hub.svg' },
] as const;
