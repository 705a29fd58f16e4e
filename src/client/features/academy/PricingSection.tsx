import { assignInlineVars } from '@vanilla-extract/dynamic';
import { Check, Sparkles } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Link } from 'wouter';
import { ACADEMY_SECTIONS, ADD_ONS, PLANS, type Plan } from '../../../shared/academy';
import { ROUTES } from '../../../shared/routes';
import { buttonClass } from '../../components/ui/Button';
import { AcademySection } from './AcademySection';
import * as styles from './PricingSection.css';

/** The plan's own colour (from the catalogue) for its card. */
export function planColourStyle(plan: Plan): CSSProperties {
  return assignInlineVars({ [styles.planColour]: plan.colour });
}

export function subscribeHref(plan: Plan): string {
  return `${ROUTES.subscribe}?plan=${plan.id}`;
}

/** Name, price and features of a plan; the pricing cards and the checkout page both show it. */
export function PlanSummary({ plan, headingLevel = 3 }: { plan: Plan; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <Heading className={styles.planName}>{plan.name}</Heading>
      <p className={styles.planSummary}>{plan.summary}</p>
      <p className={styles.price}>
        <span className={styles.amount}>{plan.price}</span>
        <span className={styles.period}>{plan.period}</span>
      </p>
      <ul className={styles.features} aria-label={`${plan.name} includes`}>
        {plan.features.map((feature) => (
          <li key={feature} className={styles.feature}>
            <Check size={18} aria-hidden="true" className={styles.featureIcon} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function PricingSection() {
  return (
    <AcademySection
      id={ACADEMY_SECTIONS.pricing}
      tone="soft"
      eyebrow="Plans and prices"
      title="Simple monthly plans"
      lead="Every plan includes the weekly live group session. Pay monthly by card through our secure payment provider, Stripe. Not sure which suits your child? Come to the free workshop first."
    >
      <ul className={styles.cards}>
        {PLANS.map((plan) => (
          <li
            key={plan.id}
            className={plan.popular ? `${styles.card} ${styles.popular}` : styles.card}
            style={planColourStyle(plan)}
            data-testid="academy-plan"
            data-plan={plan.id}
          >
            {plan.popular ? (
              <p className={styles.badge}>
                <Sparkles size={14} aria-hidden="true" /> MOST POPULAR
              </p>
            ) : null}
            <PlanSummary plan={plan} />
            <Link
              href={subscribeHref(plan)}
              className={buttonClass({ variant: 'academy', size: 'lg', block: true }, styles.choose)}
            >
              Choose {plan.name}
            </Link>
          </li>
        ))}
      </ul>
      <div className={styles.addOns}>
        <h3 className={styles.addOnsTitle}>Add-ons</h3>
        <ul className={styles.addOnList}>
          {ADD_ONS.map((addOn) => (
            <li key={addOn.name} className={styles.addOn}>
              <p className={styles.addOnName}>
                {addOn.name} <span className={styles.addOnPrice}>{addOn.price}</span>
              </p>
              <p className={styles.addOnText}>{addOn.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </AcademySection>
  );
}
