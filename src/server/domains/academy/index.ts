// What the rest of the server may use of the academy domain (its router and routes are wired by the
// composition root): Stripe payments, and the owner's count of active plans.
export { countActiveSubscriptions } from './admin';
export { issueManageLink } from './manage-links';
export { createPayments, stripeAddress, type Payments } from './payments';
