// What the rest of the server may use of the activity domain: recording who changed what, and pruning the log.
export { changesBetween, pruneActivityLog, recordActivity, shortValue, type ActivityNote } from './log';
