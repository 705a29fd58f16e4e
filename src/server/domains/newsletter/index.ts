// What the rest of the server may use of the newsletter domain: the sending job, the archive's
// addresses, and the owner's count of subscribers.
export { listArchivedSlugs } from './issues';
export { NEWSLETTER_QUEUE, newsletterJobs } from './send';
export { countConfirmedSubscribers, subscriberListQueries } from './subscribers';
export { newsletterMailKinds } from './mail-kinds';
