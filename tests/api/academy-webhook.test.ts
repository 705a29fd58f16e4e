import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { academySubscriptions, paymentEvents } from '../../src/server/domains/academy/tables';
import { JOB_SCHEMA } from '../../src/server/platform/jobs/queue';
import { MAIL_QUEUE } from '../../src/server/platform/mail/queue';
import { stripeAddress } from '../../src/server/domains/academy';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin, type SignedInAdmin } from '../helpers/admin';
import type { FakeStripe, StripeEvent } from '../helpers/fake-stripe';
import {
  WEBHOOK_SECRET,
  deliver,
  deliverPayload,
  manageLinkIn,
  startCheckout,
  withFakeStripeApp,
} from '../helpers/stripe-webhooks';

// POST /api/stripe/webhook through the real app: checkouts made with the real stripe SDK against
// the local stand-in, which makes the events Stripe would send (signed as Stripe signs them), and
// the e-mails they queue read from the job queue as the worker sends them.

const SECRET_KEY = 'sk_test_academy_webhooks';
const PUBLIC_URL = 'https://academy.example.co.uk';
const INBOX = 'bookings@hertslocalmedia.co.uk';

let stripe: FakeStripe;
let t: TestApp;
withFakeStripeApp(
  SECRET_KEY,
  { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL, BUSINESS_INBOX: INBOX },
  (running) => ({ stripe, t } = running),
);

const rows = () => t.deps.db.select().from(academySubscriptions).orderBy(academySubscriptions.id);
const rowOf = async (subscriptionId: string) =>
  (await rows()).find((r) => r.stripeSubscriptionId === subscriptionId);
const handledEvents = () => t.deps.db.select().from(paymentEvents);
/** E-mails queued in the job queue, sent or not. */
async function mailJobCount(): Promise<number> {
  const result = await t.deps.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(JOB_SCHEMA)}.job where name = ${MAIL_QUEUE}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    n: number;
  }>;
  return rows[0]!.n;
}
const mailTo = (to: string) => t.mailer.sent.filter((m) => m.to === to);

let parents = 0;
/** A parent pays on the hosted page; answers the subscription and the events Stripe made. */
async function paidCheckout(plan = 'innovator', child = { name: 'Maya', age: '12' }, paid = true) {
  const sessionId = await startCheckout(t.app, plan);
  const email = `parent${++parents}@example.co.uk`;
  const events = await stripe.completeCheckout(sessionId, {
    email,
    phone: '+447700900123',
    fields: { childfirstname: child.name, childage: child.age },
    paid,
  });
  const subscriptionId = String(stripe.sessions.get(sessionId)!.subscription);
  return { sessionId, subscriptionId, email, events };
}

let signedIn: Promise<SignedInAdmin> | undefined;
const theAdmin = () => (signedIn ??= signedInAdmin(t));

const only = (events: StripeEvent[], type: string) => events.filter((e) => e.type === type);

describe('checkout.session.completed', () => {
  it("stores who the plan is for and e-mails the parent's welcome and the business's notification", async () => {
    const { sessionId, subscriptionId, email, events } = await paidCheckout('innovator');
    const mailsBefore = t.mailer.sent.length;
    expect(await deliver(t.app, only(events, 'checkout.session.completed'))).toEqual(['recorded']);

    expect(await rowOf(subscriptionId)).toMatchObject({
      checkoutSessionId: sessionId,
      customerEmail: email,
      parentPhone: '+447700900123',
      childFirstName: 'Maya',
      childAge: 12,
      plan: 'innovator',
      status: 'active',
    });

    const sent = t.mailer.sent.slice(mailsBefore);
    expect(sent.map((m) => m.to).sort()).toEqual([INBOX, email].sort());
    const welcome = sent.find((m) => m.to === email)!;
    expect(welcome.subject).toBe("Welcome to SparkAI Academy: Maya's AI Innovator plan");
    expect(welcome.replyTo).toBe('academy@hertslocalmedia.co.uk');
    for (const line of [
      'Plan: AI Innovator, £149 a month',
      'Child: Maya, age 12',
      'First session: Maya joins a 1.5-hour weekly live group session. Within one working day we will e-mail you the day and time of the first session',
      'Check your email for login credentials',
      'Join the community group chat',
      'Access the learning platform',
      'academy@hertslocalmedia.co.uk',
    ]) {
      expect(welcome.text).toContain(line);
    }
    const link = manageLinkIn(welcome.text);
    expect(link.startsWith(`${PUBLIC_URL}/manage-subscription?token=`)).toBe(true);
    expect(welcome.html).toContain('>Manage your subscription</a>');

    const notice = sent.find((m) => m.to === INBOX)!;
    expect(notice.subject).toBe('[SparkAI Academy] New subscription: AI Innovator for Maya (12)');
    expect(notice.replyTo).toBe(email);
    for (const line of [
      'Plan: AI Innovator (£149/month)',
      'Payment: first month paid',
      'Child: Maya, age 12',
      `Parent e-mail: ${email}`,
      'Parent mobile: +447700900123',
      `Stripe subscription: ${subscriptionId}`,
    ]) {
      expect(notice.text).toContain(line);
    }
  });

  it('sends nothing twice and changes nothing when Stripe delivers the event again, even hours later', async () => {
    const { subscriptionId, events } = await paidCheckout('explorer', { name: 'Leo', age: '10' });
    const completed = only(events, 'checkout.session.completed');
    expect(await deliver(t.app, completed)).toEqual(['recorded']);
    const before = await rowOf(subscriptionId);
    const mails = t.mailer.sent.length;
    const handled = (await handledEvents()).length;

    // Stripe's retries carry a new signature timestamp each time.
    expect(await deliver(t.app, completed)).toEqual(['duplicate']);
    expect(await deliver(t.app, [...completed, ...completed])).toEqual(['duplicate', 'duplicate']);
    expect(await rowOf(subscriptionId)).toEqual(before);
    expect(t.mailer.sent).toHaveLength(mails);
    expect(await handledEvents()).toHaveLength(handled);
    expect(await mailJobCount()).toBe(mails);
  });

  it('ends in the same state whatever order the checkout, invoice and subscription events arrive in', async () => {
    const { subscriptionId, events } = await paidCheckout('entrepreneur', { name: 'Zara', age: '16' });
    const mails = t.mailer.sent.length;
    // Stripe made customer.created, customer.subscription.created, invoice.paid, checkout.session.completed.
    expect(events.map((e) => e.type)).toEqual([
      'customer.created',
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    expect(await deliver(t.app, [...events].reverse())).toEqual([
      'recorded',
      'recorded',
      'ignored',
      'ignored',
    ]);
    const matching = (await rows()).filter((r) => r.stripeSubscriptionId === subscriptionId);
    expect(matching).toHaveLength(1);
    expect(matching[0]).toMatchObject({
      plan: 'entrepreneur',
      status: 'active',
      childFirstName: 'Zara',
      childAge: 16,
    });
    expect(matching[0]!.lastPaidAt).not.toBeNull();
    // The month paid for, from the invoice's line: the admin sees when it renews before any update event.
    const item = (
      stripe.subscriptions.get(subscriptionId)!.items as { data: Array<{ current_period_end: number }> }
    ).data[0]!;
    expect(matching[0]!.currentPeriodEnd?.getTime()).toBe(item.current_period_end * 1000);
    expect(t.mailer.sent.length - mails).toBe(2);
  });

  it('records a checkout whose payment has not cleared as awaiting payment, and says so in the e-mails', async () => {
    const { subscriptionId, email, events } = await paidCheckout(
      'explorer',
      { name: 'Ola', age: '11' },
      false,
    );
    await deliver(t.app, only(events, 'checkout.session.completed'));
    expect((await rowOf(subscriptionId))?.status).toBe('incomplete');
    expect(mailTo(email).at(-1)!.text).toContain('Your payment is still being processed');
    expect(mailTo(INBOX).at(-1)!.text).toContain('Payment: processing (not cleared yet)');

    // The bank debit clears: the first invoice is paid and the subscription becomes active.
    await deliver(t.app, await stripe.payRenewal(subscriptionId));
    expect((await rowOf(subscriptionId))?.status).toBe('active');
  });

  it('ignores a checkout this site did not create (another product on the same Stripe account)', async () => {
    const sdk = new Stripe(SECRET_KEY, { ...stripeAddress(stripe.url) });
    const foreign = await sdk.checkout.sessions.create({
      mode: 'subscription',
      success_url: 'https://elsewhere.example/thanks',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'gbp',
            unit_amount: 14900,
            recurring: { interval: 'month' },
            product_data: { name: 'Something else' },
          },
        },
      ],
      // Even a plan name in the metadata does not make it ours.
      metadata: { plan: 'innovator' },
    });
    const events = await stripe.completeCheckout(foreign.id, { email: 'someone@example.com' });
    const before = await rows();
    const mails = t.mailer.sent.length;
    expect(await deliver(t.app, events)).toEqual(['ignored', 'ignored', 'ignored', 'ignored']);
    expect(await rows()).toEqual(before);
    expect(t.mailer.sent).toHaveLength(mails);
  });
});

describe('invoice.payment_failed and invoice.paid', () => {
  it('flags a failed renewal for the admin and e-mails the parent a fresh link to change the card', async () => {
    const { subscriptionId, email, events } = await paidCheckout('innovator', { name: 'Amir', age: '14' });
    await deliver(t.app, events);
    const welcomeLink = manageLinkIn(mailTo(email)[0]!.text);

    stripe.advanceClock(30 * 24 * 60 * 60);
    const failure = await stripe.failRenewal(subscriptionId);
    expect(failure.map((e) => e.type)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect(await deliver(t.app, failure)).toEqual(['recorded', 'recorded']);
    expect((await rowOf(subscriptionId))?.status).toBe('past_due');

    const notice = mailTo(email).at(-1)!;
    expect(notice.subject).toBe('Your SparkAI Academy payment did not go through');
    expect(notice.text).toContain(
      "We could not take this month's payment of £149.00 for Amir's AI Innovator plan.",
    );
    expect(notice.text).toMatch(/We will try again on \d{1,2} \w+ \d{4}/);
    const freshLink = manageLinkIn(notice.text);
    expect(freshLink).not.toBe(welcomeLink);

    const admin = await theAdmin();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/academy/subscriptions?status=past_due',
      headers: admin.auth,
    });
    expect(list.statusCode).toBe(200);
    const item = (list.json() as { items: Array<Record<string, unknown>> }).items.find(
      (i) => i.customerEmail === email,
    );
    expect(item).toMatchObject({
      status: 'past_due',
      paymentOverdue: true,
      childFirstName: 'Amir',
      childAge: 14,
      parentPhone: '+447700900123',
    });

    // The parent changes the card and Stripe's retry succeeds.
    const paid = await stripe.payRenewal(subscriptionId);
    expect(paid.map((e) => e.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    expect(await deliver(t.app, paid)).toEqual(['recorded', 'recorded']);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/admin/academy/subscriptions?plan=innovator',
      headers: admin.auth,
    });
    const recovered = (after.json() as { items: Array<Record<string, unknown>> }).items.find(
      (i) => i.customerEmail === email,
    );
    expect(recovered).toMatchObject({ status: 'active', paymentOverdue: false });
  });

  it('does not undo a later payment when the failure before it arrives late, and sends no e-mail', async () => {
    const { subscriptionId, email, events } = await paidCheckout('explorer', { name: 'Isla', age: '13' });
    await deliver(t.app, events);
    const failure = await stripe.failRenewal(subscriptionId);
    stripe.advanceClock(3 * 24 * 60 * 60);
    const recovery = await stripe.payRenewal(subscriptionId);
    const mails = mailTo(email).length;

    expect(await deliver(t.app, recovery)).toEqual(['recorded', 'recorded']);
    // Stripe's earlier failure and past_due update come after: both are older than what we hold.
    expect(await deliver(t.app, failure)).toEqual(['outdated', 'outdated']);
    const row = await rowOf(subscriptionId);
    expect(row?.status).toBe('active');
    expect(mailTo(email)).toHaveLength(mails);
    const admin = await theAdmin();
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/academy/subscriptions',
      headers: admin.auth,
    });
    const item = (list.json() as { items: Array<Record<string, unknown>> }).items.find(
      (i) => i.customerEmail === email,
    );
    expect(item).toMatchObject({ status: 'active', paymentOverdue: false });
    // Redelivered, the failure is a duplicate: still no e-mail.
    expect(await deliver(t.app, failure)).toEqual(['duplicate', 'duplicate']);
    expect(mailTo(email)).toHaveLength(mails);
  });
});

describe('customer.subscription.updated and .deleted', () => {
  it('keeps the renewal date, and records a cancellation at period end and then the end', async () => {
    const { subscriptionId, events } = await paidCheckout('innovator', { name: 'Finn', age: '15' });
    await deliver(t.app, events);
    const sub = stripe.subscriptions.get(subscriptionId)!;
    const periodEnd = (sub.items as { data: Array<{ current_period_end: number }> }).data[0]!
      .current_period_end;

    // The parent cancels in the Billing Portal: Stripe sets cancel_at_period_end and says so.
    const sdk = new Stripe(SECRET_KEY, { ...stripeAddress(stripe.url) });
    const eventsBefore = stripe.events.length;
    await sdk.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    expect(await deliver(t.app, stripe.events.slice(eventsBefore))).toEqual(['recorded']);
    let row = await rowOf(subscriptionId);
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(row?.currentPeriodEnd?.getTime()).toBe(periodEnd * 1000);
    expect(row?.canceledAt).not.toBeNull();

    stripe.advanceClock(31 * 24 * 60 * 60);
    expect(await deliver(t.app, await stripe.endSubscription(subscriptionId))).toEqual(['recorded']);
    row = await rowOf(subscriptionId);
    expect(row).toMatchObject({ status: 'canceled', plan: 'innovator', childFirstName: 'Finn' });
    expect(row?.endedAt).not.toBeNull();
  });

  it('does not let an older update that arrives late undo a newer one; it is recorded as handled', async () => {
    const { subscriptionId, events } = await paidCheckout('innovator');
    await deliver(t.app, events);
    const [older] = await stripe
      .failRenewal(subscriptionId)
      .then((made) => made.filter((e) => e.type !== 'invoice.payment_failed'));
    stripe.advanceClock(120);
    const newer = (await stripe.payRenewal(subscriptionId)).filter(
      (e) => e.type === 'customer.subscription.updated',
    );
    expect(await deliver(t.app, newer)).toEqual(['recorded']);
    expect(await deliver(t.app, [older!])).toEqual(['outdated']);
    expect((await rowOf(subscriptionId))?.status).toBe('active');
    expect(await deliver(t.app, [older!])).toEqual(['duplicate']);
  });

  it('acknowledges event types it does not handle without recording anything', async () => {
    const before = await rows();
    const res = await deliverPayload(
      t.app,
      JSON.stringify({
        id: 'evt_test_other',
        object: 'event',
        type: 'charge.refunded',
        created: 1,
        data: { object: { id: 'ch_1' } },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await rows()).toEqual(before);
  });
});

describe('cancelling from the admin', () => {
  it('cancels at period end through Stripe, shows the end date, and refuses a second time', async () => {
    const { subscriptionId, email, events } = await paidCheckout('entrepreneur', { name: 'Ben', age: '10' });
    await deliver(t.app, events);
    const row = (await rowOf(subscriptionId))!;
    const url = `/api/admin/academy/subscriptions/${row.id}/cancel`;

    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const admin = await theAdmin();
    const calls = stripe.requests.length;
    const res = await t.app.inject({ method: 'POST', url, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(body).toMatchObject({
      id: row.id,
      customerEmail: email,
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    expect(body.currentPeriodEnd).toEqual(expect.any(String));
    expect(stripe.requests.slice(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/v1/subscriptions/${subscriptionId}`,
        body: { cancel_at_period_end: 'true' },
      }),
    ]);
    // Stripe's own event about it changes nothing more.
    expect(await deliver(t.app, stripe.events.slice(-1))).toEqual(['recorded']);
    expect(await rowOf(subscriptionId)).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });

    const again = await t.app.inject({ method: 'POST', url, headers: admin.auth });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This subscription is already set to end at the end of its period.');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/academy/subscriptions/999999/cancel',
      headers: admin.auth,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('e-mails the parent a new manage link when asked', async () => {
    const { subscriptionId, email, events } = await paidCheckout('explorer', { name: 'Ava', age: '12' });
    await deliver(t.app, events);
    const row = (await rowOf(subscriptionId))!;
    const admin = await theAdmin();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/academy/subscriptions/${row.id}/manage-link`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `A new link has been emailed to ${email}.` });
    const mail = mailTo(email).at(-1)!;
    expect(mail.subject).toBe('Your link to manage your SparkAI Academy subscription');
    expect(mail.text).toContain("Here is a new link to manage Ava's AI Explorer subscription");
    manageLinkIn(mail.text);
  });
});

describe('POST /api/stripe/webhook refuses what Stripe did not send', () => {
  it('rejects a forged event signed with another secret: 400, nothing stored, nothing sent', async () => {
    const { events } = await paidCheckout('entrepreneur');
    const before = await rows();
    const eventsBefore = await handledEvents();
    const mails = t.mailer.sent.length;
    const completed = JSON.stringify(only(events, 'checkout.session.completed')[0]);
    const res = await deliverPayload(t.app, completed, { secret: 'whsec_attacker' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Webhook signature verification failed.', code: 'BAD_REQUEST' });
    expect(await rows()).toEqual(before);
    expect(await handledEvents()).toEqual(eventsBefore);
    expect(t.mailer.sent).toHaveLength(mails);
  });

  it('rejects a genuine signature on an altered body', async () => {
    const { subscriptionId, events } = await paidCheckout('explorer');
    await deliver(t.app, events);
    const [deleted] = await stripe.endSubscription(subscriptionId);
    const payload = JSON.stringify(deleted);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await deliverPayload(t.app, payload.replace('"canceled"', '"active"'), { signature });
    expect(res.statusCode).toBe(400);
    expect((await rowOf(subscriptionId))?.status).toBe('active');
  });

  it('rejects a signature older than the five-minute tolerance (a captured request replayed later)', async () => {
    const { subscriptionId, events } = await paidCheckout('explorer');
    await deliver(t.app, events);
    const payload = JSON.stringify((await stripe.endSubscription(subscriptionId))[0]);
    const now = Math.floor(Date.now() / 1000);
    const stale = await deliverPayload(t.app, payload, { timestamp: now - 301 });
    expect(stale.statusCode).toBe(400);
    expect((await rowOf(subscriptionId))?.status).toBe('active');
    // Within the tolerance it is accepted.
    const fresh = await deliverPayload(t.app, payload, { timestamp: now - 240 });
    expect(fresh.statusCode).toBe(200);
    expect((await rowOf(subscriptionId))?.status).toBe('canceled');
  });

  it('rejects a missing signature header and a body that is not JSON', async () => {
    const { sessionId, events } = await paidCheckout('explorer');
    const missing = await deliverPayload(t.app, JSON.stringify(events.at(-1)), { signature: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Missing Stripe-Signature header.');
    const text = await deliverPayload(t.app, 'hello', { contentType: 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Webhook signature verification failed.');
    expect((await rows()).some((r) => r.checkoutSessionId === sessionId)).toBe(false);
  });

  it('leaves JSON parsing of the other API routes as it was', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-subscription',
      payload: { plan: 'gold' },
    });
    // The JSON body was read and the plan understood.
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Unknown plan "gold"/);
  });

  it('answers 503 when no webhook secret is configured', async () => {
    const bare = await buildTestApp({ seed: false });
    try {
      const payload = JSON.stringify({
        id: 'evt_test_y',
        object: 'event',
        type: 'invoice.paid',
        created: 1,
        data: { object: {} },
      });
      const res = await deliverPayload(bare.app, payload);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/STRIPE_WEBHOOK_SECRET/);
    } finally {
      await bare.close();
    }
  });
});
