import { WORKSHOP_RESERVATION_TYPE, type ContactInput, type WorkshopDetails } from './contact';

// The SparkAI Academy's plans and add-ons (docs/specification.md §3 and §9). The landing page, the checkout
// page and the payment server all read them from here, so a price changes in one place. The free
// workshop's dates are the admin's sessions (shared/workshop.ts).

/** The anchors of the academy landing's sections: its header, its buttons and the checkout's way back link to them. */
export const ACADEMY_SECTIONS = {
  hero: 'academy-top',
  features: 'features',
  entrepreneurs: 'ai-entrepreneurs',
  modules: 'modules',
  approach: 'approach',
  why: 'why-ai',
  pricing: 'pricing',
  workshop: 'free-workshop',
  newsletter: 'newsletter',
} as const;

export const PLAN_IDS = ['explorer', 'innovator', 'entrepreneur'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const DEFAULT_PLAN: PlanId = 'explorer';

export interface Plan {
  id: PlanId;
  name: string;
  /** One line on who the plan suits. */
  summary: string;
  /** Monthly price in pence, as Stripe charges it. */
  amountPence: number;
  /** The price as people read it, e.g. '£99'. */
  price: string;
  period: '/month';
  /** The plan's own colour on the pricing cards (a business choice, like the price). */
  colour: string;
  popular: boolean;
  features: readonly string[];
}

const EXPLORER_FEATURES = [
  '1.5-hour weekly live group session',
  'Monthly mini-project',
  'Module certificates',
  'Parent progress updates',
] as const;

export const PLANS: readonly Plan[] = [
  {
    id: 'explorer',
    name: 'AI Explorer',
    summary: 'A first, steady step into AI for curious minds.',
    amountPence: 9900,
    price: '£99',
    period: '/month',
    colour: '#0f766e',
    popular: false,
    features: EXPLORER_FEATURES,
  },
  {
    id: 'innovator',
    name: 'AI Innovator',
    summary: 'For children ready to build something of their own.',
    amountPence: 14900,
    price: '£149',
    period: '/month',
    colour: '#6d28d9',
    popular: true,
    features: [...EXPLORER_FEATURES, '1-hour monthly mentorship'],
  },
  {
    id: 'entrepreneur',
    name: 'AI Entrepreneur',
    summary: 'Personal guidance to turn an idea into a real project.',
    amountPence: 24900,
    price: '£249',
    period: '/month',
    colour: '#c2410c',
    popular: false,
    features: [...EXPLORER_FEATURES, '1-hour monthly mentorship', '30-minute monthly one-on-one mentoring'],
  },
];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** The plan with this id, or undefined for anything else (an unknown ?plan= in the address). */
export function findPlan(id: string | null | undefined): Plan | undefined {
  return PLANS.find((p) => p.id === id);
}

export const ADD_ONS = [
  {
    name: 'Parent Learning Sessions',
    price: '£29 each',
    description:
      'An evening session for parents: what your child is learning, and how to talk about AI at home.',
  },
  {
    name: 'Holiday AI Bootcamps',
    price: '£99-£199',
    description: 'Two to five days of building projects during the school holidays, priced by length.',
  },
  {
    name: 'Sibling Pass',
    price: '+£49/month',
    description: 'A brother or sister joins the same plan for a reduced monthly fee.',
  },
] as const;

export const WORKSHOP_SUBJECT = 'Free Workshop Reservation';

/**
 * The POST /api/contact body of a workshop reservation: the parent as sender,
 * the fixed subject, the details as readable lines for the inbox, and the same details structured
 * so the server can check them.
 */
export function workshopReservationMessage(details: WorkshopDetails, sessionLabel?: string): ContactInput {
  const message = [
    `New free workshop reservation (${sessionLabel ?? 'the next date'})`,
    '',
    `Parent name: ${details.parentName}`,
    `Parent email: ${details.parentEmail}`,
    `Parent mobile: ${details.parentMobile}`,
    `Child name: ${details.childName}`,
    `Child age: ${details.childAge}`,
    `Device: ${details.deviceType}`,
  ].join('\n');
  return {
    name: details.parentName,
    email: details.parentEmail,
    subject: WORKSHOP_SUBJECT,
    message,
    type: WORKSHOP_RESERVATION_TYPE,
    details,
  };
}

/** The newsletter the academy's call to action points to (an external newsletter platform). */
export const ACADEMY_NEWSLETTER_URL = 'https://sparkaiacademy.substack.com/';
