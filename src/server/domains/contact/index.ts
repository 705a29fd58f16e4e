// What the rest of the server may use of the contact domain: sending an enquiry (a workshop
// reservation is one), the limit both count against, and the owner's count of new enquiries.
export { countNewEnquiries } from './enquiries';
export { sendContactMessage, type Logger, type ValidContactMessage } from './messages';
export { CONTACT_RATE_LIMIT } from './limits';
