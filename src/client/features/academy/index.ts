// What the academy's pages use: the landing page's sections (its hero first, the rest below the
// fold), the plans' summary for the subscribe page, and the checkout's words.
export { AcademyHero } from './AcademyHero';
export {
  ApproachSection,
  EntrepreneursSection,
  ModulesSection,
  TopFeaturesSection,
  WhySection,
} from './ProgrammeSections';
export { PricingSection, PlanSummary, planColourStyle } from './PricingSection';
export { WorkshopSection } from './WorkshopSection';
export { NewsletterCta } from './NewsletterCta';
export { CHECKOUT_TEXT, checkoutErrorMessage, PAYMENT_NOT_RECEIVED, notReceivedTitle } from './checkout';
