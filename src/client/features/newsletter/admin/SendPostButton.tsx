import { Mail } from 'lucide-react';
import { useLocation } from 'wouter';
import { ROUTES } from '../../../../shared/routes';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import { ISSUE_PARAM } from './IssuesSection';

/** The admin section that holds the issues (AdminScreen's list of sections). */
export const NEWSLETTER_SECTION = 'newsletter';

/** Where the admin opens an issue: its section, with the issue in front. */
export function adminIssueHref(id: number): string {
  return `${ROUTES.admin}?section=${NEWSLETTER_SECTION}&${ISSUE_PARAM}=${id}`;
}

/** A published post's 'Send as newsletter': makes a draft issue from the post and opens it. */
export function SendPostButton({ postId, title }: { postId: number; title: string }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const create = trpc.newsletter.issueFromPost.useMutation();
  const onClick = async () => {
    try {
      const issue = await create.mutateAsync({ postId });
      toast({ title: 'Newsletter draft created', description: 'Preview it, test it, then send it.' });
      await utils.newsletter.invalidate();
      navigate(adminIssueHref(issue.id));
    } catch (error) {
      toast({
        title: 'Could not make a newsletter from this post',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => void onClick()}
      disabled={create.isPending}
      aria-label={`Send ${title} as a newsletter`}
    >
      <Mail size={16} aria-hidden="true" /> Send as newsletter
    </Button>
  );
}
