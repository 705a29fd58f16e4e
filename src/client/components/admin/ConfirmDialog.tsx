import { Button } from '../ui/Button';
import { Dialog, DialogActions, DialogClose } from '../ui/Dialog';

/** A modal question with Cancel and a confirming action; focus is trapped and Escape cancels. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onOpenChange,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** The button that closes the question unanswered; 'Cancel' unless that would be ambiguous. */
  cancelLabel?: string;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} size="sm" alert>
      <DialogActions>
        <DialogClose asChild>
          <Button variant="ghost">{cancelLabel}</Button>
        </DialogClose>
        <Button
          variant="danger"
          onClick={() => {
            onConfirm();
            onOpenChange(false);
          }}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
