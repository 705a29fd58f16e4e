import { ArrowLeft, BookOpenCheck, CheckCircle2, Mail, MessagesSquare, PartyPopper } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { DEFAULT_PLAN, findPlan } from '../../shared/academy';
import { ACADEMY } from '../../shared/business';
import { useBusinessDetails } from '../lib/useBusinessDetails';
import { ROUTES } from '../../shared/routes';
import { buttonClass } from '../components/ui/Button';
import { AcademyLayout } from '../components/layouts/AcademyLayout';
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

/** /subscription-success?plan=...: where Stripe sends a parent back after paying. */
export default function SubscriptionSuccessPage() {
  const plan = findPlan(new URLSearchParams(useSearch()).get('plan') || DEFAULT_PLAN);
  const { academyEmail } = useBusinessDetails();
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
          <Link href={ROUTES.academy} className={buttonClass({ variant: 'academy', size: 'lg' })}>
            <ArrowLeft size={18} aria-hidden="true" />
            Back to the Academy
          </Link>
          <p className={styles.contact}>
            <CheckCircle2 size={18} aria-hidden="true" className={styles.contactIcon} />
            Questions? Email us at <a href={`mailto:${academyEmail}`}>{academyEmail}</a>
          </p>
        </div>
      </div>
    </AcademyLayout>
  );
}
