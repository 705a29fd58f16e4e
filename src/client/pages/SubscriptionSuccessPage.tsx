import {
  ArrowLeft,
  BookOpenCheck,
  CheckCircle2,
  Hourglass,
  Mail,
  MessagesSquare,
  PartyPopper,
  RefreshCw,
} from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { DEFAULT_PLAN, findPlan, type Plan } from '../../shared/academy';
import { ACADEMY } from '../../shared/business';
import { useBusinessDetails } from '../lib/useBusinessDetails';
import { PAGE_ROUTES, ROUTES } from '../../shared/routes';
import { buttonClass } from '../components/ui/Button';
import { AcademyLayout } from '../components/layouts/AcademyLayout';
import { PAYMENT_NOT_RECEIVED, notReceivedTitle } from '../features/academy';
import { trpc } from '../lib/trpc';
import * as styles from './SubscriptionSuccessPage.css';

const NEXT_STEPS = [
  {
    icon: Mail,
    title: 'Check your email for login credentials',
    text: 'Within one working day we will send your child’s login details, their group and the time of their first live session.',
  },
  {
    icon: MessagesSquare,
    title: 'Join the community group chat',
    text: 'The email includes an invitation to the parents’ group chat, where tutors share session reminders, news and photos of projects.',
  },
  {
    icon: BookOpenCheck,
    title: 'Access the learning platform',
    text: 'Your child signs in to our learning platform to find each week’s activities, their mini-projects and their certificates.',
  },
] as const;

/**
 * /subscription-success?plan=...&session_id=...: where Stripe sends a parent back after paying.
 * With a session_id the server asks Stripe about that checkout (on the server, while rendering),
 * and the page names the plan bought, or says the payment has not reached us; without one it is
 * the welcome of the specification's screens and routes (docs/specification.md §2), naming the plan in the address.
 */
export default function SubscriptionSuccessPage() {
  const search = new URLSearchParams(useSearch());
  const sessionId = search.get('session_id');
  const check = trpc.academy.checkoutStatus.useQuery(
    { sessionId: sessionId ?? '' },
    // What the server found is what the page shows: no second question when it hydrates.
    { enabled: Boolean(sessionId), retryOnMount: false },
  );

  if (!sessionId) return <Welcome plan={findPlan(search.get('plan') || DEFAULT_PLAN)} />;
  if (check.isLoading) {
    return (
      <AcademyLayout>
        <div className={styles.page} aria-busy="true">
          <p className={styles.lead}>Checking your payment...</p>
        </div>
      </AcademyLayout>
    );
  }
  if (check.data?.status === 'paid') return <Welcome plan={findPlan(check.data.plan)} />;
  return <NotReceived plan={findPlan(check.data?.plan)} reason={check.data?.status ?? 'unavailable'} />;
}

function Welcome({ plan }: { plan: Plan | undefined }) {
  usePageTitle(PAGE_ROUTES.subscriptionSuccess.meta.title);
  return (
    <AcademyLayout>
      <div className={styles.page}>
        <div className={styles.welcome}>
          <PartyPopper size={44} aria-hidden="true" className={styles.icon} />
          <h1 className={styles.title}>Welcome to {ACADEMY.name}!</h1>
          {plan ? (
            <p className={styles.lead} data-testid="success-plan">
              Thank you for joining the <strong>{plan.name}</strong> plan ({plan.price}
              {plan.period}). Your payment has been received and your child’s place is confirmed.
            </p>
          ) : (
            <p className={styles.lead}>
              Thank you for joining us. Your payment has been received and your child’s place is confirmed.
            </p>
          )}
        </div>

        <section aria-labelledby="next-heading" className={styles.next}>
          <h2 id="next-heading" className={styles.nextTitle}>
            What happens next
          </h2>
          <ol className={styles.steps}>
            {NEXT_STEPS.map((step) => (
              <li key={step.title} className={styles.step}>
                <step.icon size={24} aria-hidden="true" className={styles.stepIcon} />
                <div>
                  <h3 className={styles.stepTitle}>{step.title}</h3>
                  <p className={styles.stepText}>{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>

        <div className={styles.actions}>
          <BackToAcademy />
          <ContactLine />
        </div>
      </div>
    </AcademyLayout>
  );
}

/**
 * The checkout Stripe sent the parent back from is not paid (still open, or paid by a method that
 * has not cleared), is not one of ours, or could not be checked just now.
 */
/** The title the server wrote for this state, kept when the page is reached in the browser. */
function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function NotReceived({
  plan,
  reason,
}: {
  plan: Plan | undefined;
  reason: 'pending' | 'unknown' | 'unavailable';
}) {
  usePageTitle(notReceivedTitle);
  const { academyEmail } = useBusinessDetails();
  return (
    <AcademyLayout>
      <div className={styles.page} data-testid="payment-not-received" data-reason={reason}>
        <div className={styles.welcome}>
          <Hourglass size={44} aria-hidden="true" className={styles.pendingIcon} />
          <h1 className={styles.title}>{PAYMENT_NOT_RECEIVED.title}</h1>
          <p className={styles.lead}>
            {reason === 'pending' && plan ? (
              <>
                Your checkout for the <strong>{plan.name}</strong> plan ({plan.price}
                {plan.period}) has not been paid yet, or your bank is still processing the payment.
              </>
            ) : reason === 'unknown' ? (
              PAYMENT_NOT_RECEIVED.unknown
            ) : (
              PAYMENT_NOT_RECEIVED.unavailable
            )}
          </p>
          <p className={styles.stepText}>{PAYMENT_NOT_RECEIVED.justPaid}</p>
        </div>
        <div className={styles.actions}>
          <a href="" className={buttonClass({ variant: 'academy', size: 'lg' })}>
            <RefreshCw size={18} aria-hidden="true" />
            Check again
          </a>
          <BackToAcademy variant="ghost" />
          <p className={styles.contact}>
            {PAYMENT_NOT_RECEIVED.help} <a href={`mailto:${academyEmail}`}>{academyEmail}</a>
          </p>
        </div>
      </div>
    </AcademyLayout>
  );
}

function BackToAcademy({ variant = 'academy' }: { variant?: 'academy' | 'ghost' }) {
  return (
    <Link href={ROUTES.academy} className={buttonClass({ variant, size: 'lg' })}>
      <ArrowLeft size={18} aria-hidden="true" />
      Back to the Academy
    </Link>
  );
}

function ContactLine() {
  const { academyEmail } = useBusinessDetails();
  return (
    <p className={styles.contact}>
      <CheckCircle2 size={18} aria-hidden="true" className={styles.contactIcon} />
      {/* One flex item, so the row's gap does not add a second space before the address. */}
      <span>
        Questions? Email us at <a href={`mailto:${academyEmail}`}>{academyEmail}</a>
      </span>
    </p>
  );
}
