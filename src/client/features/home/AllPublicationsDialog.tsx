import type { ReactNode } from 'react';
import type { Publication } from '../../../shared/content';
import { HOME_SECTIONS } from '../../../shared/routes';
import { ButtonLink } from '../../components/ui/Button';
import { Dialog, DialogClose } from '../../components/ui/Dialog';
import { publicationBrand } from './publication-brands';
import * as styles from './PublicationsSection.css';

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
  newsletters: Publication[];
  renderSubscribeLink: (newsletter: Publication) => ReactNode;
  /** Where keyboard focus goes back to when the dialog closes (the button that opened it). */
  returnFocusTo: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="All our publications"
      description={
        <>
          Every community newsletter we publish. Can&apos;t see your town? Join our general newsletter and we
          will tell you when we launch near you.
        </>
      }
      closeButton
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocusTo();
      }}
    >
      <ul className={styles.pubList}>
        {newsletters.map((n) => (
          <li key={n.id} className={styles.pub}>
            <span>
              <span className={`${styles.pubName} ${styles.tone[publicationBrand(n.name).tone]}`}>
                {n.name}
              </span>
              <span className={styles.dialogText}>{n.location}</span>
            </span>
            {renderSubscribeLink(n)}
          </li>
        ))}
      </ul>
      <DialogClose asChild>
        <ButtonLink href={`#${HOME_SECTIONS.newsletterSignup}`}>Join the general newsletter</ButtonLink>
      </DialogClose>
    </Dialog>
  );
}
