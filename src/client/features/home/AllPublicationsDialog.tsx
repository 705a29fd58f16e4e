import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Newsletter } from '../../../shared/content';
import { HOME_SECTIONS } from '../../../shared/routes';
import { Button, ButtonLink } from '../../components/ui/Button';
import { newsletterBrand } from './newsletter-brands';
import * as styles from './NewslettersSection.css';

/** Every newsletter at a glance, with its subscribe link (opened by 'View All Publications'). */
export default function AllPublicationsDialog({
  open,
  onOpenChange,
  newsletters,
  renderSubscribeLink,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  newsletters: Newsletter[];
  renderSubscribeLink: (newsletter: Newsletter) => ReactNode;
  /** Where keyboard focus goes back to when the dialog closes (the button that opened it). */
  returnFocusTo: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.dialog}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo();
          }}
        >
          <div className={styles.dialogHead}>
            <Dialog.Title className={styles.dialogTitle}>All our publications</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.dialogText}>
            Every community newsletter we publish. Can&apos;t see your town? Join our general newsletter and we will
            tell you when we launch near you.
          </Dialog.Description>
          <ul className={styles.pubList}>
            {newsletters.map((n) => (
              <li key={n.id} className={styles.pub}>
                <span>
                  <span className={`${styles.pubName} ${styles.tone[newsletterBrand(n.name).tone]}`}>{n.name}</span>
                  <span className={styles.dialogText}>{n.location}</span>
                </span>
                {renderSubscribeLink(n)}
              </li>
            ))}
          </ul>
          <Dialog.Close asChild>
            <ButtonLink href={`#${HOME_SECTIONS.newsletterSignup}`}>Join the general newsletter</ButtonLink>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
