import { Trash2 } from 'lucide-react';
import { Button } from '../ui/Button';
import * as table from './AdminTable.css';

/**
 * A row's delete (or remove): a small red icon named in full for screen readers (`label`, such as
 * 'Delete tag Walks') with its word as a tooltip. A filled red button with its word on every row
 * drew the eye to the one action nobody wants by accident, and took the room of the row's text.
 */
export function RowDeleteButton({
  label,
  title = 'Delete',
  onClick,
}: {
  label: string;
  title?: string;
  onClick: () => void;
}) {
  return (
    <Button
      size="icon"
      variant="ghost"
      className={table.deleteIcon}
      onClick={onClick}
      aria-label={label}
      title={title}
    >
      <Trash2 size={16} aria-hidden="true" />
    </Button>
  );
}
