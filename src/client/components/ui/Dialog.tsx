import * as Radix from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button';
import * as styles from './Dialog.css';

/**
 * The site's modal: Radix's dialog (focus trapped, Escape and the overlay close it) in one look.
 * `alert` makes it an alertdialog, for a question that needs an answer; `closeButton` adds the ×.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  size = 'md',
  alert = false,
  closeButton = false,
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof styles.size;
  alert?: boolean;
  closeButton?: boolean;
  /** Where focus goes when it closes, when not back to what opened it. */
  onCloseAutoFocus?: (event: Event) => void;
  children?: ReactNode;
}) {
  const heading = <Radix.Title className={styles.title}>{title}</Radix.Title>;
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Portal>
        <Radix.Overlay className={styles.overlay} />
        <Radix.Content
          className={styles.size[size]}
          // Radix's own role (dialog) stays unless asked otherwise; without a description it would
          // point aria-describedby at nothing.
          {...(alert ? { role: 'alertdialog' } : {})}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          {closeButton ? (
            <div className={styles.head}>
              {heading}
              <Radix.Close asChild>
                <Button size="icon" variant="ghost" aria-label="Close">
                  <X size={18} aria-hidden="true" />
                </Button>
              </Radix.Close>
            </div>
          ) : (
            heading
          )}
          {description !== undefined ? (
            <Radix.Description className={styles.description}>{description}</Radix.Description>
          ) : null}
          {children}
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}

/** A Radix Close around a button of the dialog's own (Cancel, a link that leaves). */
export const DialogClose = Radix.Close;

/** The dialog's buttons, at its foot on the right. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
