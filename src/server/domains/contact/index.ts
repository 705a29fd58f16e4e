// What the rest of the server may use of the contact domain: sending an enquiry, reserving a
// workshop place through one, the limit both count against, and the owner's count of new enquiries.
export { countNewEnquiries } from './enquiries';
export { reserveWorkshop, sendContactMessage } from './messages';
export { CONTACT_RATE_LIMIT } from './limits';
