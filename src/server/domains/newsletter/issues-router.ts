import { adminMessageSchema } from '../../../shared/admin.schema';
import { z } from 'zod';
import {
  archiveInputSchema,
  archiveIssueInputSchema,
  archiveIssueSchema,
  archivePageSchema,
  audienceSchema,
  issueFieldsSchema,
  issueFromPostInputSchema,
  issueFromPostSchema,
  issueIdInputSchema,
  issueListInputSchema,
  issuePageSchema,
  issuePreviewSchema,
  issueProgressSchema,
  issueScheduleInputSchema,
  issueSchema,
  issueTestSendInputSchema,
  issueUpdateInputSchema,
  recipientListInputSchema,
  recipientPageSchema,
  retryFailedSchema,
} from '../../../shared/newsletter.schema';
import { getArchivedIssue, listArchive } from './archive';
import { audience } from './issue-figures';
import {
  cancelSchedule,
  issueProgress,
  listRecipients,
  pauseIssue,
  resumeIssue,
  retryFailed,
  scheduleIssue,
  sendIssueNow,
} from './issue-sending';
import {
  createIssue,
  createIssueFromPost,
  deleteIssue,
  getIssue,
  listIssues,
  previewIssue,
  testSendIssue,
  updateIssue,
} from './issues';
import { staffProcedure, publicProcedure } from '../../web/trpc/init';
import { idempotencyKeyHeaders, idempotent } from '../../web/trpc/idempotency';

// The newsletter's issues as the admin writes, sends and follows them, and the public archive of
// those sent: a part of the one newsletter.* namespace (router.ts merges it first, the wire's order).

const issueTags = ['Newsletter issues'];
const archiveTags = ['Newsletter'];
const issueErrors = { 400: 'The id is not a whole number', 404: 'No such newsletter issue' };
const stateErrors = { ...issueErrors, 409: 'The issue is not in a state that allows this' };
const fieldErrors = { 400: 'A field is missing or too long (the message says which)' };

/** Composing, sending and following newsletter issues: the admin's, one procedure per REST path. */
export const issueProcedures = {
  issueList: staffProcedure('sendNewsletters')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/newsletter/issues',
        tags: issueTags,
        summary: 'Newsletter issues, newest first, with their figures (sent, failed, remaining)',
        description: 'Filter: status (draft, scheduled, sending, paused, sent, cancelled).',
        errorResponses: { 400: 'page, pageSize or status is not valid' },
      },
    })
    .input(issueListInputSchema)
    .output(issuePageSchema)
    .query(({ ctx, input }) => listIssues(ctx.deps, input)),

  issueGet: staffProcedure('sendNewsletters')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/newsletter/issues/{id}',
        tags: issueTags,
        summary: 'One newsletter issue with its body, figures and the audience a send would reach now',
        errorResponses: issueErrors,
      },
    })
    .input(issueIdInputSchema)
    .output(issueSchema)
    .query(({ ctx, input }) => getIssue(ctx.deps, input.id)),

  issueCreate: staffProcedure('sendNewsletters')
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/newsletter/issues',
        requestHeaders: idempotencyKeyHeaders,
        tags: issueTags,
        summary: 'Creates a draft newsletter issue',
        errorResponses: fieldErrors,
      },
    })
    .input(issueFieldsSchema)
    .output(issueSchema)
    .mutation(({ ctx, input }) => createIssue(ctx.deps, input)),

  issueFromPost: staffProcedure('sendNewsletters')
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/newsletter/issues/from-post',
        requestHeaders: idempotencyKeyHeaders,
        tags: issueTags,
        summary: 'Creates a draft issue from a published post: its title, excerpt, content and a link to it',
        description:
          'A post that already has an issue not yet sent (a draft or a scheduled one) gets that issue back, with created false, ' +
          'instead of a copy; once it is being sent or sent, the next call makes a new draft. ' +
          'With acceptScheduled, a scheduled post is accepted too, and its issue can be neither sent nor scheduled before the post goes out; ' +
          'with emailOnly, any post is (a draft stays off the blog) and the issue has no link to it.',
        errorResponses: {
          400: 'postId is not a whole number',
          404: 'No such post, or it is not published yet (a draft, or a scheduled post without acceptScheduled)',
        },
      },
    })
    .input(issueFromPostInputSchema)
    .output(issueFromPostSchema)
    .mutation(({ ctx, input }) =>
      createIssueFromPost(ctx.deps, input.postId, {
        emailOnly: input.emailOnly,
        acceptScheduled: input.acceptScheduled,
      }),
    ),

  issueUpdate: staffProcedure('sendNewsletters')
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/admin/newsletter/issues/{id}',
        tags: issueTags,
        summary: 'Changes a draft or scheduled issue (the fields given)',
        errorResponses: { ...stateErrors, 400: 'A field is too long, or the id is not a whole number' },
      },
    })
    .input(issueUpdateInputSchema)
    .output(issueSchema)
    .mutation(({ ctx, input }) => updateIssue(ctx.deps, input)),

  issueDelete: staffProcedure('sendNewsletters')
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/newsletter/issues/{id}',
        tags: issueTags,
        summary: 'Deletes a draft',
        errorResponses: stateErrors,
      },
    })
    .input(issueIdInputSchema)
    .output(adminMessageSchema)
    .mutation(({ ctx, input }) => deleteIssue(ctx.deps, input.id)),

  issuePreview: staffProcedure('sendNewsletters')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/newsletter/preview',
        tags: issueTags,
        summary: 'The e-mail as subscribers would get it (HTML and plain text), from fields not yet saved',
        errorResponses: fieldErrors,
      },
    })
    .input(issueFieldsSchema)
    .output(issuePreviewSchema)
    .mutation(({ ctx, input }) => previewIssue(ctx.deps, input)),

  issueTestSend: staffProcedure('sendNewsletters')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/newsletter/test-send',
        tags: issueTags,
        summary: 'Sends the e-mail built from these fields to one address, marked as a test',
        description: 'Sent at once through the site mailer; no recipient is recorded.',
        errorResponses: { ...fieldErrors, 502: 'The mail server refused or could not be reached' },
      },
    })
    .input(issueTestSendInputSchema)
    .output(adminMessageSchema)
    .mutation(({ ctx, input }) => testSendIssue(ctx.deps, input)),

  audience: staffProcedure('sendNewsletters')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/newsletter/audience',
        tags: issueTags,
        summary: 'How many subscribers a send started now would reach (confirmed, not bouncing)',
      },
    })
    .input(z.object({}))
    .output(audienceSchema)
    .query(({ ctx }) => audience(ctx.deps)),

  issueSend: staffProcedure('sendNewsletters')
    .use(idempotent)
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/newsletter/issues/{id}/send',
        requestHeaders: idempotencyKeyHeaders,
        tags: issueTags,
        summary: 'Starts sending a draft or scheduled issue now, to every confirmed subscriber',
        description:
          'The recipients are those confirmed at this moment, each recorded once; the job queue sends at the configured pace. ' +
          'Repeating the request (with the same Idempotency-Key, or without once the send has started) sends nothing twice.',
        errorResponses: {
          ...stateErrors,
          409: 'The issue is not a draft or a scheduled issue, or it links to a post that is not out on the blog yet',
        },
      },
    })
    .input(issueIdInputSchema)
    .output(issueProgressSchema)
    .mutation(({ ctx, input }) => sendIssueNow(ctx.deps, input.id)),

  issueSchedule: staffProcedure('sendNewsletters')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/newsletter/issues/{id}/schedule',
        tags: issueTags,
        summary: 'Schedules a draft for a UK date and time (Europe/London wall-clock time)',
        errorResponses: {
          ...stateErrors,
          400:
            'The date or time is not valid, is in the past, does not exist in the UK (clocks going forward), ' +
            'or is before the post the issue links to goes out',
        },
      },
    })
    .input(issueScheduleInputSchema)
    .output(issueSchema)
    .mutation(({ ctx, input }) => scheduleIssue(ctx.deps, input)),

  issueCancelSchedule: staffProcedure('sendNewsletters')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/newsletter/issues/{id}/cancel-schedule',
        tags: issueTags,
        summary: 'Cancels a scheduled send: the issue is a draft again',
        errorResponses: stateErrors,
      },
    })
    .input(issueIdInputSchema)
    .output(issueSchema)
    .mutation(({ ctx, input }) => cancelSchedule(ctx.deps, input.id)),

  issuePause: staffProcedure('sendNewsletters')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/newsletter/issues/{id}/pause',
        tags: issueTags,
        summary: 'Pauses a send in progress (a copy being delivered at this moment still completes)',
        errorResponses: stateErrors,
      },
    })
    .input(issueIdInputSchema)
    .output(issueProgressSchema)
    .mutation(({ ctx, input }) => pauseIssue(ctx.deps, input.id)),

  issueResume: staffProcedure('sendNewsletters')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/newsletter/issues/{id}/resume',
        tags: issueTags,
        summary: 'Resumes a paused send where it stopped',
        errorResponses: stateErrors,
      },
    })
    .input(issueIdInputSchema)
    .output(issueProgressSchema)
    .mutation(({ ctx, input }) => resumeIssue(ctx.deps, input.id)),

  issueProgress: staffProcedure('sendNewsletters')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/newsletter/issues/{id}/progress',
        tags: issueTags,
        summary:
          'A send’s figures now: sent, failed, remaining, and the estimated finish at the configured pace',
        errorResponses: issueErrors,
      },
    })
    .input(issueIdInputSchema)
    .output(issueProgressSchema)
    .query(({ ctx, input }) => issueProgress(ctx.deps, input.id)),

  issueRecipients: staffProcedure('manageSubscribers')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/newsletter/issues/{id}/recipients',
        tags: issueTags,
        summary: 'The recipients of a send, one row each, with whether their copy went',
        description: 'Filter: status (queued, sending, sent, failed, bounced, skipped).',
        errorResponses: {
          ...issueErrors,
          400: 'The id is not a whole number, an unknown status, or a cursor (after, before) this list did not give',
        },
      },
    })
    .input(recipientListInputSchema)
    .output(recipientPageSchema)
    .query(({ ctx, input }) => listRecipients(ctx.deps, input)),

  issueRetryFailed: staffProcedure('sendNewsletters')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/newsletter/issues/{id}/retry-failed',
        tags: issueTags,
        summary: 'Sends again to the failed recipients only (not the bounced, sent or skipped ones)',
        errorResponses: stateErrors,
      },
    })
    .input(issueIdInputSchema)
    .output(retryFailedSchema)
    .mutation(({ ctx, input }) => retryFailed(ctx.deps, input.id)),

  archive: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/newsletter/archive',
        tags: archiveTags,
        summary: 'Past newsletter issues, newest first (the public archive)',
        errorResponses: { 400: 'page or pageSize is not valid' },
      },
    })
    .input(archiveInputSchema)
    .output(archivePageSchema)
    .query(({ ctx, input }) => listArchive(ctx.deps, input)),

  archiveIssue: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/newsletter/archive/{slug}',
        tags: archiveTags,
        summary: 'One past issue’s web version (the body as sent, sanitised HTML)',
        errorResponses: { 400: 'The slug is not valid', 404: 'No sent issue has this address' },
      },
    })
    .input(archiveIssueInputSchema)
    .output(archiveIssueSchema)
    .query(({ ctx, input }) => getArchivedIssue(ctx.deps, input.slug)),
};
