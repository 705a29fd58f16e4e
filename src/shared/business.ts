// Who the business is: one source for pages, e-mails and structured data.
export const BUSINESS = {
  name: 'Herts Local Media',
  legalName: 'Herts Local Media Ltd',
  tagline: "Hertfordshire's community newsletters, podcasts and local advertising",
  email: 'hello@hertslocalmedia.co.uk',
  // A number from Ofcom's range reserved for drama, until the business gives its real one.
  phone: '01632 960 184',
  town: 'Hertford',
  county: 'Hertfordshire',
  postcode: 'SG14 1AB',
  country: 'GB',
} as const;

export const ACADEMY = {
  name: 'SparkAI Academy',
  email: 'academy@hertslocalmedia.co.uk',
} as const;
