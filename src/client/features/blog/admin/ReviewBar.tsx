import { MessageSquareReply, SendHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import type { AdminBlogPost } from '../../../../shared/blog-publishing.schema';
import { REVIEW_NOTE_MAX } from '../../../../shared/blog-publishing';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { TextAreaField } from '../../../components/ui/form/TextField';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import * as styles from './Editor.css';

/**
 * Editorial review in the editor. A writer whose role saves drafts only submits the saved draft,
 * sees that it waits, and reads an editor's note when it comes back. An editor opening a submitted
 * draft is told whose it is, approves it with Publish... (publishing or scheduling ends the review)
 * or returns it with a note.
 */
export function ReviewBar({
  post,
  draftsOnly,
  reviews,
  dirty,
  onChanged,
}: {
  post: AdminBlogPost;
  /** The signed-in role saves drafts only (a contributor). */
  draftsOnly: boolean;
  /** The signed-in role edits every post (an editor and above). */
  reviews: boolean;
  /** Unsaved changes: a draft is submitted as saved. */
  dirty: boolean;
  onChanged: (post: AdminBlogPost) => void;
}) {
  const ids = useId();
  const utils = trpc.useUtils();
  const submit = trpc.blog.submitForReview.useMutation();
  const giveBack = trpc.blog.returnForChanges.useMutation();
  const [returning, setReturning] = useState(false);
  const [note, setNote] = useState('');
  if (post.status !== 'draft') return null;

  const done = async (saved: AdminBlogPost, title: string, description: string) => {
    onChanged(saved);
    toast({ title, description });
    await utils.blog.invalidate();
  };
  const failed = (title: string, error: unknown) =>
    toast({ title, description: serverMessage(error) ?? 'Please try again.', variant: 'destructive' });

  if (draftsOnly) {
    return (
      <div className={styles.review} data-testid="review-bar">
        {post.review === 'returned' && post.reviewNote ? (
          <div>
            <p className={styles.reviewTitle}>An editor returned this draft with a note</p>
            <p className={styles.reviewNote}>{post.reviewNote}</p>
          </div>
        ) : null}
        {post.review === 'submitted' ? (
          <p>Submitted for review: an editor will publish or schedule it, or return it with a note.</p>
        ) : (
          <div className={styles.row}>
            <Button
              variant="outline"
              disabled={dirty || submit.isPending}
              onClick={() =>
                void submit.mutateAsync({ id: post.id }).then(
                  (saved) => done(saved, 'Submitted for review', 'The editors have been told.'),
                  (error: unknown) => failed('Could not submit the draft', error),
                )
              }
            >
              <SendHorizontal size={16} aria-hidden="true" /> Submit for review
            </Button>
            {dirty ? <span className={styles.reviewHint}>Save your changes first.</span> : null}
          </div>
        )}
      </div>
    );
  }

  if (!reviews || post.review !== 'submitted') return null;
  return (
    <div className={styles.review} data-testid="review-bar">
      <p className={styles.reviewTitle}>Submitted for review by {post.authorName ?? 'a writer'}</p>
      <p>Publish or schedule it to approve it, or return it with a note to say what to change.</p>
      <div className={styles.row}>
        <Button variant="outline" onClick={() => setReturning(true)}>
          <MessageSquareReply size={16} aria-hidden="true" /> Return with a note
        </Button>
      </div>
      <Dialog
        open={returning}
        onOpenChange={setReturning}
        title="Return with a note"
        description={`${post.authorName ?? 'The writer'} gets your note by e-mail and in the editor.`}
        size="sm"
      >
        <TextAreaField
          id={`${ids}-note`}
          label="Note"
          value={note}
          maxLength={REVIEW_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
          rows={4}
        />
        <DialogActions>
          <Button variant="outline" onClick={() => setReturning(false)}>
            Cancel
          </Button>
          <Button
            disabled={note.trim() === '' || giveBack.isPending}
            onClick={() =>
              void giveBack.mutateAsync({ id: post.id, note }).then(
                async (saved) => {
                  setReturning(false);
                  setNote('');
                  await done(saved, 'Returned to the writer', 'They have your note.');
                },
                (error: unknown) => failed('Could not return the draft', error),
              )
            }
          >
            Return
          </Button>
        </DialogActions>
      </Dialog>
    </div>
  );
}
