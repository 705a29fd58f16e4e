import type { Plan } from '../../../shared/academy';
import { ACADEMY, BUSINESS, type BusinessDetails } from '../../../shared/business';
import { ROUTES } from '../../../shared/routes';
import type { MailMessage } from '../../platform/mail/mailer';
import { MANAGE_LINK_DAYS } from './manage-links';
import { escapeHtml } from '../../platform/escape';

// The e-mails of a paid academy subscription: the welcome to the parent, the
// business's notification, and the parent's notice of a failed payment. Plain functions from the
// facts to the message; the webhook queues them with the event that caused them.

export interface SubscriptionFacts {
  plan: Plan;
  parentEmail: string;
  parentPhone: string | null;
  childFirstName: string | null;
  childAge: number | null;
}

/** One line of a header: no line breaks can get into a subject. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

const longDate = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(date);

const childLabel = (f: SubscriptionFacts) =>
  f.childFirstName ? `${f.childFirstName}${f.childAge ? `, age ${f.childAge}` : ''}` : 'not given';

/** The business's details as the owner keeps them (domains/site-content/business.ts): the academy's address, the town. */
type Contact = { business: Pick<BusinessDetails, 'academyEmail' | 'town' | 'county'> };

const signOff = ({ business }: Contact) =>
  [`The ${ACADEMY.name} team`, `${BUSINESS.legalName}, ${business.town}, ${business.county}`].join('\n');

/** Text and a matching simple HTML body from paragraphs; a paragraph may be a list. */
function render(
  paragraphs: Array<string | string[]>,
  links: Record<string, string>,
): Pick<MailMessage, 'text' | 'html'> {
  const text = paragraphs
    .map((p) => (Array.isArray(p) ? p.map((line) => `- ${line}`).join('\n') : p))
    .join('\n\n');
  const linkify = (s: string) => {
    let html = escapeHtml(s);
    for (const [label, url] of Object.entries(links)) {
      html = html.replace(escapeHtml(url), `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`);
    }
    return html;
  };
  const html = paragraphs
    .map((p) =>
      Array.isArray(p)
        ? `<ul>${p.map((line) => `<li>${linkify(line)}</li>`).join('')}</ul>`
        : `<p>${linkify(p).replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
  return { text, html };
}

/** To the parent when the checkout completes: what they bought, for whom, what happens next. */
export function welcomeMail(
  f: SubscriptionFacts & Contact & { manageUrl: string; paymentPending: boolean },
): MailMessage {
  const child = f.childFirstName ?? 'your child';
  const [weekly] = f.plan.features;
  const paragraphs: Array<string | string[]> = [
    'Hello,',
    `Thank you for joining ${ACADEMY.name}. Here are the details of your subscription:`,
    [
      `Plan: ${f.plan.name}, ${f.plan.price} a month`,
      `Child: ${childLabel(f)}`,
      `Included: ${f.plan.features.map((feature, i) => (i === 0 ? feature : feature[0]!.toLowerCase() + feature.slice(1))).join(', ')}`,
    ],
    `First session: ${child} joins a ${weekly}. Within one working day we will e-mail you the day and time of the first session, with ${child}'s login details for our learning platform.`,
    'What happens next:',
    [
      'Check your email for login credentials: they arrive with the time of the first session.',
      "Join the community group chat: the same e-mail invites you to the parents' group, where tutors share reminders, news and photos of projects.",
      "Access the learning platform: each week's activities, mini-projects and certificates are there.",
    ],
  ];
  if (f.paymentPending) {
    paragraphs.push(
      'Your payment is still being processed by the bank. We will confirm the first session once it has cleared.',
    );
  }
  paragraphs.push(
    `Manage your subscription (change your card or cancel): ${f.manageUrl}`,
    `For your security this link works once and for ${MANAGE_LINK_DAYS} days. If you need a new one, just ask.`,
    `Questions? Reply to this e-mail or write to ${f.business.academyEmail}.`,
    signOff(f),
  );
  return {
    to: f.parentEmail,
    replyTo: f.business.academyEmail,
    subject: oneLine(`Welcome to ${ACADEMY.name}: ${child}'s ${f.plan.name} plan`),
    ...render(paragraphs, { 'Manage your subscription': f.manageUrl }),
  };
}

/** To the business inbox: a new family to place in a group and send login details to. */
export function newSubscriptionNotification(
  f: SubscriptionFacts & {
    to: string;
    publicUrl: string;
    stripeCustomerId: string | null;
    stripeSubscriptionId: string | null;
    paymentPending: boolean;
  },
): MailMessage {
  const lines = [
    `A parent has subscribed to ${ACADEMY.name} through the website.`,
    '',
    `Plan: ${f.plan.name} (${f.plan.price}/month)`,
    `Payment: ${f.paymentPending ? 'processing (not cleared yet)' : 'first month paid'}`,
    `Child: ${childLabel(f)}`,
    `Parent e-mail: ${f.parentEmail}`,
    `Parent mobile: ${f.parentPhone ?? 'not given'}`,
    `Stripe customer: ${f.stripeCustomerId ?? 'unknown'}`,
    `Stripe subscription: ${f.stripeSubscriptionId ?? 'unknown'}`,
    '',
    `The parent has been told to expect the first session's day and time, login details and the group chat invitation within one working day.`,
    `The subscription is in the admin's Academy tab: ${f.publicUrl}${ROUTES.admin}`,
    `Reply to this e-mail to write to the parent.`,
  ];
  return {
    to: f.to,
    replyTo: f.parentEmail,
    subject: oneLine(
      `[${ACADEMY.name}] New subscription: ${f.plan.name} for ${f.childFirstName ?? 'a child'}${f.childAge ? ` (${f.childAge})` : ''}`,
    ),
    text: lines.join('\n'),
  };
}

/** To the parent when a monthly payment fails, with a fresh link to change the card. */
export function paymentFailedMail(
  f: SubscriptionFacts & Contact & { manageUrl: string; amountDue: number | null; nextAttempt: Date | null },
): MailMessage {
  const amount = f.amountDue === null ? f.plan.price : `£${(f.amountDue / 100).toFixed(2)}`;
  const paragraphs: Array<string | string[]> = [
    'Hello,',
    `We could not take this month's payment of ${amount} for ${f.childFirstName ? `${f.childFirstName}'s ` : 'your '}${f.plan.name} plan. This often happens when a card has expired or been replaced.`,
    f.nextAttempt
      ? `We will try again on ${longDate(f.nextAttempt)}. To keep the place, please check or change your card before then:`
      : 'To keep the place, please check or change your card:',
    `Update your card: ${f.manageUrl}`,
    `For your security this link works once and for ${MANAGE_LINK_DAYS} days. If it has run out, or you would rather pay another way, write to ${f.business.academyEmail} and we will help.`,
    signOff(f),
  ];
  return {
    to: f.parentEmail,
    replyTo: f.business.academyEmail,
    subject: oneLine(`Your ${ACADEMY.name} payment did not go through`),
    ...render(paragraphs, { 'Update your card': f.manageUrl }),
  };
}

/** A fresh 'Manage your subscription' link, sent when the admin is asked for one. */
export function manageLinkMail(
  f: Contact & {
    plan: Plan;
    parentEmail: string;
    childFirstName: string | null;
    manageUrl: string;
  },
): MailMessage {
  const paragraphs: Array<string | string[]> = [
    'Hello,',
    `Here is a new link to manage ${f.childFirstName ? `${f.childFirstName}'s` : 'your'} ${f.plan.name} subscription (change your card or cancel):`,
    `Manage your subscription: ${f.manageUrl}`,
    `For your security this link works once and for ${MANAGE_LINK_DAYS} days.`,
    `Questions? Reply to this e-mail or write to ${f.business.academyEmail}.`,
    signOff(f),
  ];
  return {
    to: f.parentEmail,
    replyTo: f.business.academyEmail,
    subject: oneLine(`Your link to manage your ${ACADEMY.name} subscription`),
    ...render(paragraphs, { 'Manage your subscription': f.manageUrl }),
  };
}
