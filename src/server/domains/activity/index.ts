// What the rest of the server may use of the activity domain: recording who changed what (an admin
// change, for the admin procedures' middleware), pruning the log, and the prune's queue (which
// start-up sends once).
export {
  changesBetween,
  pruneActivityLog,
  recordActivity,
  recordAdminChange,
  type ActivityNote,
  type AdminChange,
} from './log';
export { ACTIVITY_PRUNE_QUEUE } from './jobs';
