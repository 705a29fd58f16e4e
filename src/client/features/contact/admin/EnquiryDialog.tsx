import { Archive, CheckCircle2, Inbox, Mail } from 'lucide-react';
import type { EnquiryStatus } from '../../../../shared/admin';
import type { EnquiryNotification } from '../../../../shared/admin.schema';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { Skeleton } from '../../../components/ui/Skeleton';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/dates';
import { trpc } from '../../../lib/trpc';
import { StatusPill, typeLabel } from './EnquiriesParts';
import * as styles from './Enquiries.css';

const DETAIL_LABELS: Record<string, string> = {
  parentName: 'Parent',
  parentEmail: 'Parent email',
  parentMobile: 'Mobile',
  childName: 'Child',
  childAge: "Child's age",
  deviceType: 'Device',
};

type Notification = NonNullable<EnquiryNotification>;

/** What the business's notification e-mail about this enquiry did, in words. */
export function notificationText(n: Notification | null): { text: string; problem: boolean } {
  if (!n) return { text: 'Not recorded (received before emails were tracked)', problem: false };
  if (n.status === 'sent')
    return { text: `Sent ${n.sentAt ? formatDateTime(n.sentAt) : ''}`.trim(), problem: false };
  const tries = `${n.attempts} ${n.attempts === 1 ? 'attempt' : 'attempts'}`;
  if (n.status === 'failed')
    return {
      text: `Not sent: gave up after ${tries}. Last error: ${n.lastError ?? 'unknown'}`,
      problem: true,
    };
  if (n.attempts === 0) return { text: 'Queued, sending shortly', problem: false };
  const next = n.nextAttemptAt ? ` Trying again ${formatDateTime(n.nextAttemptAt)}.` : '';
  return { text: `Not sent yet (${tries}). Last error: ${n.lastError ?? 'unknown'}.${next}`, problem: true };
}

/** A mailto: link that opens the admin's mail program with the sender's address and 'Re: <subject>'. */
export function replyLink(email: string, subject: string): string {
  const address = encodeURIComponent(email).replace(/%40/g, '@');
  return `mailto:${address}?subject=${encodeURIComponent(`Re: ${subject}`)}`;
}

const ACTIONS: Array<{ status: EnquiryStatus; label: string; done: string; icon: typeof Inbox }> = [
  { status: 'replied', label: 'Mark as replied', done: 'Marked as replied', icon: CheckCircle2 },
  { status: 'archived', label: 'Archive', done: 'Enquiry archived', icon: Archive },
  { status: 'new', label: 'Mark as new', done: 'Marked as new', icon: Inbox },
];

/** One enquiry in full, with the reply link and the status changes. */
export function EnquiryDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const enquiry = trpc.admin.enquiry.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const setStatus = trpc.admin.setEnquiryStatus.useMutation();

  const change = async (status: EnquiryStatus, done: string) => {
    if (id === null) return;
    try {
      const updated = await setStatus.mutateAsync({ id, status });
      utils.admin.enquiry.setData({ id }, updated);
      toast({ title: done });
      await Promise.all([utils.admin.enquiries.invalidate(), utils.admin.summary.invalidate()]);
    } catch (error) {
      toast({
        title: 'Could not change the status',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  const e = enquiry.data;
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => !open && onClose()}
      title={e ? e.subject : 'Enquiry'}
      size="lg"
      closeButton
    >
      {enquiry.isLoading ? (
        <Skeleton height="10rem" />
      ) : enquiry.isError || !e ? (
        <p role="alert">This enquiry could not be loaded. {serverMessage(enquiry.error) ?? ''}</p>
      ) : (
        <>
          <dl className={styles.meta}>
            <dt className={styles.metaTerm}>From</dt>
            <dd className={styles.metaValue}>
              {e.name} &lt;{e.email}&gt;
            </dd>
            <dt className={styles.metaTerm}>Received</dt>
            <dd className={styles.metaValue}>{formatDateTime(e.createdAt)}</dd>
            <dt className={styles.metaTerm}>Type</dt>
            <dd className={styles.metaValue}>{typeLabel(e.type)}</dd>
            <dt className={styles.metaTerm}>Status</dt>
            <dd className={styles.metaValue}>
              <StatusPill status={e.status} />
            </dd>
            <dt className={styles.metaTerm}>Notification email</dt>
            <dd
              className={
                notificationText(e.notification).problem ? styles.notificationProblem : styles.metaValue
              }
              data-testid="enquiry-notification"
            >
              {notificationText(e.notification).text}
            </dd>
            {e.details
              ? Object.keys(DETAIL_LABELS)
                  .filter((key) => e.details?.[key] !== undefined)
                  .map((key) => (
                    <div key={key} className={styles.metaGroup}>
                      <dt className={styles.metaTerm}>{DETAIL_LABELS[key]}</dt>
                      <dd className={styles.metaValue}>{String(e.details?.[key])}</dd>
                    </div>
                  ))
              : null}
          </dl>
          <p className={styles.message} data-testid="enquiry-message">
            {e.message}
          </p>
          <DialogActions>
            {ACTIONS.filter((a) => a.status !== e.status).map(({ status, label, done, icon: Icon }) => (
              <Button
                key={status}
                size="sm"
                variant="ghost"
                disabled={setStatus.isPending}
                onClick={() => void change(status, done)}
              >
                <Icon size={16} aria-hidden="true" /> {label}
              </Button>
            ))}
            <ButtonLink size="sm" href={replyLink(e.email, e.subject)}>
              <Mail size={16} aria-hidden="true" /> Reply by email
            </ButtonLink>
          </DialogActions>
          <p className={styles.metaTerm}>
            Replying opens your mail program; mark the enquiry as replied once you have sent it.
          </p>
        </>
      )}
    </Dialog>
  );
}
