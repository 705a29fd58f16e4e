// Who the business is. What stays here is fixed in code: the brand and company names (in page
// titles, the route table and e-mail subjects, read before any database answers) and the country.
// Everything a visitor might need to reach the business (e-mail, phone, address, office hours, the
// academy's address) is the owner's to change in the admin: BusinessDetails, read through
// domains/site-content/business.ts. BUSINESS_DETAILS_SEED is what a fresh install starts with.
export const BUSINESS = {
  name: 'Herts Local Media',
  legalName: 'Herts Local Media Ltd',
  tagline: "Hertfordshire's community newsletters, podcasts and local advertising",
  country: 'GB',
} as const;

export const ACADEMY = {
  name: 'SparkAI Academy',
} as const;

/** How visitors reach the business: contact section, footer, structured data, legal pages, e-mails. */
export interface BusinessDetails {
  email: string;
  phone: string;
  /** Street and number, when the business wants it shown; '' shows only town, county and postcode. */
  streetAddress: string;
  town: string;
  county: string;
  postcode: string;
  /** In words, as the contact section shows them: 'Monday to Friday, 9am to 5:30pm'. */
  officeHours: string;
  /** The academy's contact e-mail (its footer, checkout and welcome pages). */
  academyEmail: string;
}

export const BUSINESS_DETAILS_SEED: BusinessDetails = {
  email: 'hello@hertslocalmedia.co.uk',
  // A number from Ofcom's range reserved for drama, until the business gives its real one.
  phone: '01632 960 184',
  streetAddress: '',
  town: 'Hertford',
  county: 'Hertfordshire',
  postcode: 'SG14 1AB',
  officeHours: 'Monday to Friday, 9am to 5:30pm',
  academyEmail: 'academy@hertslocalmedia.co.uk',
};

/** 'tel:01632960184': the number without its spaces. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The address on one line: '12 Fore Street, Hertford, Hertfordshire SG14 1AB'. */
export function addressLine(details: BusinessDetails): string {
  return [details.streetAddress, details.town, `${details.county} ${details.postcode}`.trim()]
    .filter((part) => part.trim() !== '')
    .join(', ');
}
