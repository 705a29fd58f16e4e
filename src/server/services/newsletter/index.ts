// The newsletter domain's issues and sends (composing, sending, the archive). Being filled in: each
// function below is replaced by its implementation before the branch is merged.
import { DomainError } from '../errors';

const todo = (): never => {
  throw new DomainError('SERVICE_UNAVAILABLE', 'Not implemented yet');
};
export const listIssues = async (..._a: unknown[]): Promise<never> => todo();
export const getIssue = listIssues;
export const createIssue = listIssues;
export const createIssueFromPost = listIssues;
export const updateIssue = listIssues;
export const deleteIssue = listIssues;
export const previewIssue = listIssues;
export const testSendIssue = listIssues;
export const audience = listIssues;
export const sendIssueNow = listIssues;
export const scheduleIssue = listIssues;
export const cancelSchedule = listIssues;
export const pauseIssue = listIssues;
export const resumeIssue = listIssues;
export const issueProgress = listIssues;
export const listRecipients = listIssues;
export const retryFailed = listIssues;
export const listArchive = listIssues;
export const getArchivedIssue = listIssues;
