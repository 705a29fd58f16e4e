// What the rest of the server may use of the activity domain: recording who changed what, pruning
// the log, and the prune's queue (which start-up sends once).
export { changesBetween, pruneActivityLog, recordActivity, shortValue, type ActivityNote } from './log';
export { ACTIVITY_PRUNE_QUEUE } from './jobs';
