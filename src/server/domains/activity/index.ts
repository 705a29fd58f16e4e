export { changesBetween, pruneActivityLog, recordActivity, shortValue, type ActivityNote } from './log';
