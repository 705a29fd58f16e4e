// What the rest of the server may use of the newsletter domain: the sending job and its queue, the
// archive's addresses and the owner's count of subscribers.
export { listArchivedSlugs } from './archive';
export { NEWSLETTER_QUEUE } from './send/queue';
export { newsletterJobs } from './send/slice';
export { countConfirmedSubscribers, subscriberListQueries } from './subscribers';
