import { ArrowLeft, CreditCard, Link2Off, Loader2, Mail } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { ManageLinkState } from '../../shared/academy.schema';
import { ACADEMY } from '../../shared/business';
import { ROUTES } from '../../shared/routes';
import { AcademyLayout } from '../components/layouts/AcademyLayout';
import { Button, buttonClass } from '../components/ui/Button';
import { serverMessage } from '../lib/api';
import { useBusinessDetails } from '../lib/useBusinessDetails';
import { trpc } from '../lib/trpc';
import * as styles from './ManageSubscriptionPage.css';

const GONE_TITLES: Record<Exclude<ManageLinkState, 'ready'>, string> = {
  used: 'This link has already been used',
  expired: 'This link has expired',
  invalid: 'This link is not valid',
};

const newLinkMailto = (academyEmail: string) =>
  `mailto:${academyEmail}?subject=${encodeURIComponent('Please send me a new link to manage my subscription')}`;

/**
 * /manage-subscription?token=...: the 'Manage your subscription' link of the academy's e-mails.
 * Opening it spends nothing (mail scanners open links too); the button spends the link, once, and
 * takes the parent to Stripe's Billing Portal to change the card or cancel.
 */
export default function ManageSubscriptionPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const status = trpc.academy.manageLink.useQuery({ token }, { enabled: token !== '' });
  const open = trpc.academy.openBillingPortal.useMutation();
  const [leaving, setLeaving] = useState(false);
  const { academyEmail } = useBusinessDetails();

  const state: ManageLinkState | 'checking' = token === '' ? 'invalid' : (status.data?.state ?? 'checking');

  const openPortal = async () => {
    try {
      const { url } = await open.mutateAsync({ token });
      setLeaving(true);
      window.location.assign(url);
    } catch {
      // The link may have been spent in another tab meanwhile: show what it is now.
      await status.refetch();
    }
  };

  return (
    <AcademyLayout>
      <div className={styles.page}>
        <div className={styles.panel} aria-live="polite" aria-busy={state === 'checking'} data-state={state}>
          {state === 'checking' ? (
            status.isError ? (
              <>
                <h1 className={styles.title}>Manage your subscription</h1>
                <p className={styles.problem}>
                  We could not check your link just now. Please refresh the page.
                </p>
              </>
            ) : (
              <>
                <Loader2 size={36} aria-hidden="true" className={styles.readyIcon} />
                <h1 className={styles.title}>Checking your link...</h1>
              </>
            )
          ) : state === 'ready' ? (
            <>
              <CreditCard size={40} aria-hidden="true" className={styles.readyIcon} />
              <h1 className={styles.title}>Manage your subscription</h1>
              <p className={styles.lead}>
                Change the card your {ACADEMY.name} subscription is paid with, see your invoices, or cancel.
                You will continue on Stripe&apos;s secure page.
              </p>
              {open.isError ? (
                <p className={styles.problem} role="alert">
                  {serverMessage(open.error) ?? 'Something went wrong. Please try again.'}
                </p>
              ) : null}
              <Button
                variant="academy"
                size="lg"
                onClick={() => void openPortal()}
                disabled={open.isPending || leaving}
              >
                {open.isPending || leaving ? 'Opening...' : 'Open my subscription'}
              </Button>
              <p className={styles.help}>For your security this link works once.</p>
            </>
          ) : (
            <>
              <Link2Off size={40} aria-hidden="true" className={styles.goneIcon} />
              <h1 className={styles.title}>{GONE_TITLES[state]}</h1>
              <p className={styles.lead}>
                For your security, each link to manage a subscription works once and for 7 days.
              </p>
              <p>
                Email us at <a href={newLinkMailto(academyEmail)}>{academyEmail}</a> and we will send you a
                new one.
              </p>
              <a
                href={newLinkMailto(academyEmail)}
                className={buttonClass({ variant: 'academy', size: 'lg' })}
              >
                <Mail size={18} aria-hidden="true" />
                Ask for a new link
              </a>
            </>
          )}
        </div>
        <Link href={ROUTES.academy} className={buttonClass({ variant: 'ghost', size: 'md' }, styles.back)}>
          <ArrowLeft size={18} aria-hidden="true" />
          Back to the Academy
        </Link>
      </div>
    </AcademyLayout>
  );
}
