// The newsletter domain's public surface: other domains, routers and http/ import from here only.
export * from './signup';
export * from './subscribers';

// Newsletter issues and their sends: composing, sending at the plan's pace, the archive.
export {
  audience,
  cancelSchedule,
  createIssue,
  createIssueFromPost,
  deleteIssue,
  getArchivedIssue,
  getIssue,
  issueProgress,
  listArchive,
  listArchivedSlugs,
  listIssues,
  listRecipients,
  pauseIssue,
  previewIssue,
  resumeIssue,
  retryFailed,
  scheduleIssue,
  sendIssueNow,
  testSendIssue,
  updateIssue,
} from './issues';
export { NEWSLETTER_QUEUE, newsletterJobs, runSendSlice, issueMessageId } from './send';
export { isSignedUnsubscribeToken, verifyUnsubscribeToken, oneClickUnsubscribeUrl } from './links';
export { leaveSends } from './leave';
