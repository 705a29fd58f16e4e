import { AlertTriangle, ArrowLeft, Loader2, Lock, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { DEFAULT_PLAN, findPlan } from '../../shared/academy';
import { useBusinessDetails } from '../lib/useBusinessDetails';
import { ROUTES } from '../../shared/routes';
import { buttonClass } from '../components/ui/Button';
import { AcademyLayout } from '../components/layouts/AcademyLayout';
import { CHECKOUT_TEXT, checkoutErrorMessage, PlanSummary, planColourStyle } from '../features/academy';
import { trpc } from '../lib/trpc';
import * as styles from './SubscribePage.css';

const PRICING = `${ROUTES.academy}#pricing`;

/** /subscribe?plan=...: asks the server for a Stripe checkout page for the plan, again when the plan changes. */
export default function SubscribePage() {
  const planParam = new URLSearchParams(useSearch()).get('plan') || DEFAULT_PLAN;
  const plan = findPlan(planParam);
  const { academyEmail } = useBusinessDetails();
  const checkout = trpc.academy.createSubscription.useMutation({
    onError: (error) => console.error('Checkout could not be prepared', error),
  });
  const { mutate, reset } = checkout;

  // One call per plan, even when React runs the effect twice in development.
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (requested.current === planParam) return;
    requested.current = planParam;
    reset();
    // An unknown plan is sent as it is: the server is the one that rejects it, with its reason.
    mutate({ plan: planParam });
  }, [planParam, mutate, reset]);

  const clientSecret = checkout.data?.clientSecret;
  const state =
    checkout.isError || (checkout.isSuccess && !clientSecret)
      ? 'failed'
      : checkout.isSuccess
        ? 'ready'
        : 'loading';
  const failure = checkout.isError ? checkoutErrorMessage(checkout.error) : CHECKOUT_TEXT.noClientSecret;

  return (
    <AcademyLayout>
      <div className={styles.page}>
        <Link href={PRICING} className={buttonClass({ variant: 'ghost', size: 'sm' }, styles.back)}>
          <ArrowLeft size={18} aria-hidden="true" />
          {CHECKOUT_TEXT.backToPlans}
        </Link>

        <div className={styles.panel} aria-live="polite" aria-busy={state === 'loading'} data-state={state}>
          {state === 'loading' ? (
            <div className={styles.status}>
              <Loader2 size={36} aria-hidden="true" className={styles.spinner} />
              <h1 className={styles.title}>{CHECKOUT_TEXT.loading}</h1>
            </div>
          ) : null}

          {state === 'failed' ? (
            <div className={styles.status}>
              <AlertTriangle size={36} aria-hidden="true" className={styles.errorIcon} />
              <h1 className={styles.title}>{CHECKOUT_TEXT.failed}</h1>
              <p className={styles.message} data-testid="checkout-error">
                {failure}
              </p>
              <p className={styles.help}>
                You can also email us at <a href={`mailto:${academyEmail}`}>{academyEmail}</a> and we will
                help you enrol.
              </p>
              <Link href={PRICING} className={buttonClass({ variant: 'academy', size: 'lg' })}>
                {CHECKOUT_TEXT.returnToPricing}
              </Link>
            </div>
          ) : null}

          {state === 'ready' && clientSecret ? (
            <div className={styles.status}>
              <ShieldCheck size={36} aria-hidden="true" className={styles.readyIcon} />
              <h1 className={styles.title}>{CHECKOUT_TEXT.ready}</h1>
              <p className={styles.help}>
                You will pay on Stripe&apos;s secure page. We never see or store your card details.
              </p>
            </div>
          ) : null}

          {plan && state !== 'failed' ? (
            <div className={styles.plan} style={planColourStyle(plan)} data-testid="checkout-plan">
              <PlanSummary plan={plan} />
            </div>
          ) : null}

          {state === 'ready' && clientSecret ? (
            <a href={clientSecret} className={buttonClass({ variant: 'academy', size: 'lg', block: true })}>
              <Lock size={18} aria-hidden="true" />
              {CHECKOUT_TEXT.proceed}
            </a>
          ) : null}
        </div>
      </div>
    </AcademyLayout>
  );
}
