import { useCallback, useState } from 'react';
import { useLocation } from 'wouter';
import { trpc } from '../../../lib/trpc';
import { adminIssueHref } from './links';

/** When an e-mail made from a post goes: now, or at a UK date and time (with the post, or alone). */
export interface PostEmailWhen {
  emailOnly: boolean;
  at: { date: string; time: string } | null;
}

/**
 * The newsletter's side of the editor's publish flow, which the admin shell hands to the blog's
 * editor: how many subscribers a send now would reach (counted once asked for), and e-mailing a saved post (the issue made
 * from it, then sent now or scheduled; the post's unsent issue is reused, never copied).
 */
export function usePostEmailer() {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  // Counted only once the publish dialog asks: opening the editor costs the server nothing here.
  const [counting, setCounting] = useState(false);
  const audience = trpc.newsletter.audience.useQuery({}, { staleTime: 30_000, enabled: counting });
  const countRecipients = useCallback(() => setCounting(true), []);
  const fromPost = trpc.newsletter.issueFromPost.useMutation();
  const send = trpc.newsletter.issueSend.useMutation();
  const schedule = trpc.newsletter.issueSchedule.useMutation();
  return {
    /** Confirmed subscribers who would get it now; null until known. */
    recipients: audience.data?.recipients ?? null,
    countRecipients,
    email: async (postId: number, when: PostEmailWhen): Promise<{ issueId: number }> => {
      const issue = await fromPost.mutateAsync({
        postId,
        emailOnly: when.emailOnly || undefined,
        acceptScheduled: when.at !== null && !when.emailOnly ? true : undefined,
      });
      if (when.at) await schedule.mutateAsync({ id: issue.id, ...when.at });
      else await send.mutateAsync({ id: issue.id });
      await utils.newsletter.invalidate();
      return { issueId: issue.id };
    },
    /** The issue's page: its send's progress, or its schedule. */
    open: (issueId: number) => navigate(adminIssueHref(issueId)),
  };
}
