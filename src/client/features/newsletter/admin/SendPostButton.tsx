import { Mail } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/Button';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import { adminIssueHref } from './links';

/**
 * A published post's 'Send as newsletter': makes a draft issue from the post and opens it, or opens
 * the post's issue not yet sent when it has one (the server answers that one instead of a copy).
 */
export function SendPostButton({ postId, title }: { postId: number; title: string }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const create = trpc.newsletter.issueFromPost.useMutation();
  const onClick = async () => {
    try {
      const issue = await create.mutateAsync({ postId });
      toast(
        issue.created
          ? { title: 'Newsletter draft created', description: 'Preview it, test it, then send it.' }
          : {
              title: 'Newsletter draft opened',
              description: 'This post already had an issue waiting to be sent, so no copy was made.',
            },
      );
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
      size="icon"
      variant="ghost"
      onClick={() => void onClick()}
      disabled={create.isPending}
      aria-label={`Send ${title} as a newsletter`}
      title="Send as newsletter"
    >
      {/* An icon, as Delete is: the row's words would push the table past the panel at 1366 px. An
          icon button keeps its width (a small one shrank to nothing in Firefox's table cell). */}
      <Mail size={16} aria-hidden="true" />
    </Button>
  );
}
