import { useState, type ComponentType } from 'react';
import { Dialog } from '../ui/Dialog';
import { ConfirmDialog } from './ConfirmDialog';
import type { ContentFormProps } from './ContentForm';
import { capitalised, type useToastedChange } from './Visibility';

/** Which item the dialogs show: `editing` is 'new', the item, or null while closed. */
export function useItemDialogs<T>() {
  const [editing, onEditing] = useState<T | 'new' | null>(null);
  const [deleting, onDeleting] = useState<T | null>(null);
  return { editing, onEditing, deleting, onDeleting };
}

/**
 * An admin list's two dialogs: the form that adds an item or edits one (useItemDialogs), and
 * the question before one is deleted, which deletes it and says so.
 */
export function ItemDialogs<T>({
  noun,
  editing,
  onEditing,
  deleting,
  onDeleting,
  form: Form,
  refresh,
  deleteDescription,
  run,
  remove,
}: {
  /** 'episode': the dialogs' titles say 'Add episode', 'Edit episode', 'Delete episode'. */
  noun: string;
  editing: T | 'new' | null;
  onEditing: (editing: null) => void;
  deleting: T | null;
  onDeleting: (deleting: null) => void;
  form: ComponentType<ContentFormProps<T>>;
  refresh: () => Promise<unknown>;
  /** The question, for the item about to be deleted (null while the dialog closes). */
  deleteDescription: (item: T | null) => string;
  run: ReturnType<typeof useToastedChange>['run'];
  remove: (item: T) => Promise<unknown>;
}) {
  const Noun = capitalised(noun);
  return (
    <>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) onEditing(null);
        }}
        title={editing === 'new' ? `Add ${noun}` : `Edit ${noun}`}
        closeButton
        size="lg"
      >
        {editing !== null ? (
          <Form editing={editing === 'new' ? null : editing} done={() => onEditing(null)} refresh={refresh} />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) onDeleting(null);
        }}
        title={`Delete ${noun}`}
        description={deleteDescription(deleting)}
        confirmLabel="Delete"
        onConfirm={() => {
          const item = deleting;
          if (item) void run(() => remove(item), `${Noun} deleted`, `Could not delete the ${noun}`);
        }}
      />
    </>
  );
}
