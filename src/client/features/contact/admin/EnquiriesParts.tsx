import { ENQUIRY_STATUS_LABELS, ENQUIRY_STATUSES, type EnquiryStatus } from '../../../../shared/admin';
import { CONTACT_TYPE_LABELS, type ContactType } from '../../../../shared/contact';
import { tableStyles as styles } from '../../../components/admin';

export function typeLabel(type: string): string {
  return CONTACT_TYPE_LABELS[type as ContactType] ?? type;
}

export function StatusPill({ status }: { status: string }) {
  const known = (ENQUIRY_STATUSES as readonly string[]).includes(status)
    ? (status as EnquiryStatus)
    : 'archived';
  return <span className={styles.pill[known]}>{ENQUIRY_STATUS_LABELS[known]}</span>;
}
