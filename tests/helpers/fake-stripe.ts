import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

// A small stand-in for api.stripe.com on 127.0.0.1: it speaks the parts of Stripe's HTTP API the
// academy uses (form-encoded calls, Bearer secret keys, Stripe's error shape and object shapes of
// API version 2026-10-28), so the real `stripe` SDK can be pointed at it with host/port/protocol:
// Checkout Sessions with custom fields and phone collection (create, retrieve, expand line_items),
// subscriptions (retrieve, cancel at period end), Billing Portal sessions. It also serves the
// "hosted" pages a browser follows: the checkout page, which completes the session like Stripe
// does (customer, subscription, first invoice) and sends the parent back to success_url, and the
// portal. Each change makes the events Stripe would send; with a webhook endpoint configured they
// are POSTed to it, signed with Stripe's scheme (Stripe-Signature: t=...,v1=HMAC-SHA256).

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
}

/** What the parent types on the hosted checkout page. */
export interface CheckoutDetails {
  email: string;
  name?: string;
  phone?: string;
  /** Custom field values by key (text, numeric or the dropdown option's value). */
  fields?: Record<string, string>;
  /** false: the payment is still processing (a bank debit), so the session completes unpaid. */
  paid?: boolean;
}

export interface FakeStripe {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Every event generated so far, oldest first (delivered or not). */
  events: StripeEvent[];
  sessions: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  customers: Map<string, StripeObject>;
  portalSessions: Map<string, StripeObject>;
  /** Makes the next Checkout Session create answer with this Stripe error instead. */
  failNextCreate(status: number, error: { type: string; message: string; code?: string }): void;
  /** Checkout Session creates wait until the returned function is called (a slow Stripe). */
  holdCreates(): () => void;
  /** What the hosted page does when the parent pays; returns the events it made. */
  completeCheckout(sessionId: string, details: CheckoutDetails): Promise<StripeEvent[]>;
  /** A renewal whose card is declined: the invoice fails and the subscription goes past due. */
  failRenewal(subscriptionId: string): Promise<StripeEvent[]>;
  /** A renewal that is paid (after a failure: the subscription is active again). */
  payRenewal(subscriptionId: string): Promise<StripeEvent[]>;
  /** The subscription ends now (the period ran out after cancelling, or Stripe gave up retrying). */
  endSubscription(subscriptionId: string): Promise<StripeEvent[]>;
  /** Moves the fake's clock (event and object times) forward. */
  advanceClock(seconds: number): void;
  close(): Promise<void>;
}

export const FAKE_STRIPE_API_VERSION = '2026-10-28.endive';
const MONTH_SECONDS = 30 * 24 * 60 * 60;

/** Decodes Stripe's form encoding (a[b][0][c]=d) into nested objects and arrays. */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= nextIsIndex ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

/** Stripe's signature header for a payload: what the SDK's constructEvent checks. */
export function stripeSignatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

interface ParamError {
  status: number;
  error: { type: string; message: string; code?: string; param?: string };
}

function stripeError(res: http.ServerResponse, status: number, error: ParamError['error']) {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': `req_${randomBytes(7).toString('hex')}`,
  });
  res.end(JSON.stringify({ error }));
}

const invalid = (message: string, param?: string): ParamError => ({
  status: 400,
  error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) },
});
const missing = (kind: string, id: string): ParamError => ({
  status: 404,
  error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` },
});

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's rules for custom_fields: at most 3, alphanumeric keys, a label, a known type. */
function checkCustomFields(fields: unknown): ParamError | null {
  if (fields === undefined) return null;
  if (!Array.isArray(fields)) return invalid('Invalid array', 'custom_fields');
  if (fields.length > 3) return invalid('You may only specify up to 3 custom fields.', 'custom_fields');
  for (const [i, raw] of fields.entries()) {
    const field = raw as Record<string, unknown>;
    const param = `custom_fields[${i}]`;
    if (typeof field.key !== 'string' || !/^[a-zA-Z0-9]{1,200}$/.test(field.key))
      return invalid('Custom field keys must be alphanumeric and at most 200 characters.', `${param}[key]`);
    const label = field.label as Record<string, unknown> | undefined;
    if (label?.type !== 'custom' || typeof label.custom !== 'string' || label.custom.length > 100)
      return invalid('A custom label of at most 100 characters is required.', `${param}[label]`);
    if (!['text', 'numeric', 'dropdown'].includes(String(field.type)))
      return invalid(`Invalid custom field type: ${String(field.type)}`, `${param}[type]`);
    if (field.type === 'dropdown') {
      const options = (field.dropdown as { options?: Array<Record<string, unknown>> } | undefined)?.options;
      if (!Array.isArray(options) || options.length === 0 || options.length > 200)
        return invalid('Dropdown fields need 1 to 200 options.', `${param}[dropdown][options]`);
      for (const option of options) {
        if (typeof option.value !== 'string' || !/^[a-zA-Z0-9]{1,100}$/.test(option.value))
          return invalid('Option values must be alphanumeric.', `${param}[dropdown][options]`);
      }
    }
  }
  return null;
}

export async function startFakeStripe(
  options: {
    port?: number;
    /** A webhook endpoint as the dashboard would have it: events are POSTed there, signed. */
    webhook?: { url: string; secret: string; enabledEvents?: string[] };
  } = {},
): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const events: StripeEvent[] = [];
  const sessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const customers = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const portalSessions = new Map<string, StripeObject>();
  let nextFailure: ParamError | null = null;
  let baseUrl = '';
  let hold: Promise<void> | null = null;
  let clockOffset = 0;
  const now = () => Math.floor(Date.now() / 1000) + clockOffset;
  // Webhooks go out one at a time, in the order they were made (Stripe does not promise even that).
  let deliveries: Promise<void> = Promise.resolve();

  function emit(
    type: string,
    object: StripeObject,
    previousAttributes?: Record<string, unknown>,
  ): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: FAKE_STRIPE_API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: options.webhook ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
      // A snapshot: later changes to the object are not in an event already made.
      data: {
        object: structuredClone(object),
        ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
      },
    };
    events.push(event);
    const hook = options.webhook;
    if (hook && (!hook.enabledEvents || hook.enabledEvents.includes(type))) {
      const payload = JSON.stringify(event, null, 2);
      deliveries = deliveries.then(async () => {
        try {
          await fetch(hook.url, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json; charset=utf-8',
              'Stripe-Signature': stripeSignatureHeader(payload, hook.secret, now()),
              'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            },
            body: payload,
          });
        } catch (error) {
          console.error(`fake Stripe: webhook ${type} not delivered:`, error);
        }
      });
    }
    return event;
  }

  function newInvoice(subscription: StripeObject, reason: string, paid: boolean): StripeObject {
    const item = (subscription.items as { data: Array<Record<string, unknown>> }).data[0]!;
    const price = item.price as { unit_amount: number; currency: string };
    const customer = customers.get(String(subscription.customer));
    const invoice: StripeObject = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      customer_email: customer?.email ?? null,
      currency: price.currency,
      amount_due: price.unit_amount,
      amount_paid: paid ? price.unit_amount : 0,
      amount_remaining: paid ? 0 : price.unit_amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: now(),
      hosted_invoice_url: `${baseUrl}/i/${randomBytes(8).toString('hex')}`,
      livemode: false,
      next_payment_attempt: paid ? null : now() + 3 * 24 * 60 * 60,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount: price.unit_amount,
            currency: price.currency,
            description: '1 × SparkAI Academy (at £' + (price.unit_amount / 100).toFixed(2) + ' / month)',
            period: { start: item.current_period_start, end: item.current_period_end },
            parent: {
              type: 'subscription_item_details',
              subscription_item_details: { subscription: subscription.id, subscription_item: item.id },
            },
            quantity: 1,
          },
        ],
        has_more: false,
        url: '/v1/invoices/upcoming/lines',
      },
      // Stripe's invoice-level period is the one before the line's (the billing period that ended).
      period_start: item.current_period_start,
      period_end: item.current_period_start,
      status: paid ? 'paid' : 'open',
      status_transitions: { paid_at: paid ? now() : null, finalized_at: now() },
    };
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  async function completeCheckout(sessionId: string, details: CheckoutDetails): Promise<StripeEvent[]> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`fake Stripe: session ${sessionId} is ${session.status}`);
    const paid = details.paid !== false;
    const made: StripeEvent[] = [];
    const customer: StripeObject = {
      id: newId('cus'),
      object: 'customer',
      email: details.email,
      name: details.name ?? null,
      phone: details.phone ?? null,
      created: now(),
      livemode: false,
      metadata: {},
    };
    customers.set(customer.id, customer);

    const lineItem = (session.line_items_data as Array<Record<string, unknown>>)[0]!;
    const start = now();
    const subscription: StripeObject = {
      id: newId('sub'),
      object: 'subscription',
      customer: customer.id,
      status: paid ? 'active' : 'incomplete',
      currency: 'gbp',
      metadata: (session.subscription_data as { metadata?: object } | undefined)?.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: lineItem.price,
            quantity: 1,
            current_period_start: start,
            current_period_end: start + MONTH_SECONDS,
          },
        ],
        has_more: false,
      },
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      latest_invoice: null,
      livemode: false,
    };
    subscriptions.set(subscription.id, subscription);
    const invoice = newInvoice(subscription, 'subscription_create', paid);

    const fields = (session.custom_fields as Array<Record<string, Record<string, unknown>>>).map((field) => {
      const value = details.fields?.[String(field.key)] ?? null;
      const type = String(field.type);
      return { ...field, [type]: { ...field[type], value } };
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: paid ? 'paid' : 'unpaid',
      customer: customer.id,
      subscription: subscription.id,
      invoice: invoice.id,
      custom_fields: fields,
      customer_details: {
        address: null,
        business_name: null,
        email: details.email,
        individual_name: null,
        name: details.name ?? null,
        phone: details.phone ?? null,
        tax_exempt: 'none',
        tax_ids: [],
      },
    });
    made.push(emit('customer.created', customer));
    made.push(emit('customer.subscription.created', subscription));
    if (paid) made.push(emit('invoice.paid', invoice));
    made.push(emit('checkout.session.completed', publicSession(session)));
    return made;
  }

  function subscriptionOrThrow(id: string): StripeObject {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`fake Stripe: no subscription ${id}`);
    return subscription;
  }

  /** The next month: the period moves on and an invoice is made for it. */
  function renew(subscription: StripeObject): void {
    const item = (subscription.items as { data: Array<Record<string, number>> }).data[0]!;
    item.current_period_start = item.current_period_end!;
    item.current_period_end = item.current_period_start + MONTH_SECONDS;
  }

  function setStatus(subscription: StripeObject, status: string): StripeEvent {
    const previous = { status: subscription.status };
    subscription.status = status;
    return emit('customer.subscription.updated', subscription, previous);
  }

  /** The session as the API shows it (line items only when expanded). */
  function publicSession(session: StripeObject, expand: string[] = []): StripeObject {
    const { line_items_data: items, subscription_data: _unused, ...rest } = session;
    const shown: StripeObject = { ...rest };
    if (expand.includes('line_items')) {
      shown.line_items = {
        object: 'list',
        data: items,
        has_more: false,
        url: `/v1/checkout/sessions/${session.id}/line_items`,
      };
    }
    return shown;
  }

  function createSession(body: Record<string, unknown>): StripeObject | ParamError {
    for (const param of ['success_url', 'mode', 'line_items']) {
      if (body[param] === undefined) return invalid(`Missing required param: ${param}.`, param);
    }
    const fieldProblem = checkCustomFields(body.custom_fields);
    if (fieldProblem) return fieldProblem;
    const phone = body.phone_number_collection as { enabled?: string } | undefined;
    const items: Array<Record<string, unknown>> = [];
    for (const [i, item] of (body.line_items as Array<Record<string, unknown>>).entries()) {
      let price: Record<string, unknown>;
      if (typeof item.price === 'string') {
        if (!item.price.startsWith('price_')) {
          return {
            status: 400,
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such price: '${item.price}'`,
              param: `line_items[${i}][price]`,
            },
          };
        }
        // A configured price: the fake prices it at the smallest plan for want of a catalogue.
        price = {
          id: item.price,
          object: 'price',
          currency: 'gbp',
          unit_amount: 9900,
          recurring: { interval: 'month', interval_count: 1 },
          type: 'recurring',
        };
      } else {
        const data = item.price_data as Record<string, unknown>;
        price = {
          id: newId('price'),
          object: 'price',
          currency: data.currency,
          unit_amount: Number(data.unit_amount),
          recurring: { interval: (data.recurring as { interval: string }).interval, interval_count: 1 },
          type: 'recurring',
        };
      }
      const quantity = Number(item.quantity ?? 1);
      items.push({
        id: newId('li'),
        object: 'item',
        amount_subtotal: Number(price.unit_amount) * quantity,
        amount_total: Number(price.unit_amount) * quantity,
        currency: price.currency,
        description: 'SparkAI Academy',
        price,
        quantity,
      });
    }
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    const customFields = ((body.custom_fields as Array<Record<string, unknown>> | undefined) ?? []).map(
      (field) => {
        const type = String(field.type);
        const own = (field[type] as Record<string, unknown> | undefined) ?? {};
        return {
          key: field.key,
          label: field.label,
          optional: field.optional === 'true',
          type,
          [type]:
            type === 'dropdown'
              ? { default_value: null, options: own.options, value: null }
              : {
                  default_value: null,
                  maximum_length: own.maximum_length ? Number(own.maximum_length) : null,
                  minimum_length: own.minimum_length ? Number(own.minimum_length) : null,
                  value: null,
                },
        };
      },
    );
    return {
      id,
      object: 'checkout.session',
      mode: body.mode,
      status: 'open',
      payment_status: 'unpaid',
      currency: 'gbp',
      amount_subtotal: items.reduce((sum, item) => sum + Number(item.amount_subtotal), 0),
      amount_total: items.reduce((sum, item) => sum + Number(item.amount_total), 0),
      livemode: false,
      created: now(),
      expires_at: now() + 24 * 60 * 60,
      client_reference_id: body.client_reference_id ?? null,
      customer_email: body.customer_email ?? null,
      customer_details: null,
      metadata: body.metadata ?? {},
      custom_fields: customFields,
      phone_number_collection: { enabled: phone?.enabled === 'true' },
      success_url: body.success_url,
      cancel_url: body.cancel_url ?? null,
      customer: null,
      subscription: null,
      invoice: null,
      url: `${baseUrl}/c/pay/${id}`,
      // Kept for completing the session; not part of what the API shows.
      line_items_data: items,
      subscription_data: body.subscription_data ?? {},
    };
  }

  function checkoutPage(session: StripeObject): string {
    const fields = (session.custom_fields as Array<Record<string, unknown>>)
      .map((field) => {
        const key = escapeHtml(String(field.key));
        const label = escapeHtml(String((field.label as { custom: string }).custom));
        const required = field.optional ? '' : ' required';
        if (field.type === 'dropdown') {
          const opts = (field.dropdown as { options: Array<{ label: string; value: string }> }).options
            .map((o) => `<option value="${escapeHtml(o.value)}">${escapeHtml(o.label)}</option>`)
            .join('');
          return `<p><label for="f-${key}">${label}</label> <select id="f-${key}" name="field_${key}"${required}><option value="">Select...</option>${opts}</select></p>`;
        }
        const text = field[String(field.type)] as { maximum_length: number | null };
        const max = text.maximum_length ? ` maxlength="${text.maximum_length}"` : '';
        return `<p><label for="f-${key}">${label}</label> <input id="f-${key}" name="field_${key}"${max}${required}></p>`;
      })
      .join('\n');
    const phone = (session.phone_number_collection as { enabled: boolean }).enabled
      ? '<p><label for="phone">Phone number</label> <input id="phone" name="phone" type="tel" required></p>'
      : '';
    const amount = (Number(session.amount_total) / 100).toFixed(2);
    return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Test checkout</title>
<h1>Test checkout</h1>
<p>Subscribe: £${amount} per month</p>
<form method="post">
<p><label for="email">Email</label> <input id="email" name="email" type="email" required></p>
${phone}
${fields}
<p><label for="name">Cardholder name</label> <input id="name" name="name"></p>
<p><label for="card">Card number</label> <input id="card" name="card" value="4242 4242 4242 4242"></p>
<button type="submit">Subscribe</button>
</form>`;
  }

  const json = (res: http.ServerResponse, object: unknown) => {
    res.writeHead(200, {
      'Content-Type': 'application/json',
      'Request-Id': `req_${randomBytes(7).toString('hex')}`,
    });
    res.end(JSON.stringify(object));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = decodeStripeForm(req.method === 'POST' ? text : url.search.slice(1));

      if (url.pathname === '/health') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return res.end('ok');
      }
      // The "hosted checkout page" a session's url points at; paying there completes the session.
      const pay = /^\/c\/pay\/(cs_test_\w+)$/.exec(url.pathname);
      if (pay) {
        const session = sessions.get(pay[1]!);
        if (!session || (req.method === 'POST' && session.status !== 'open')) {
          res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
          return res.end('<!doctype html><title>Test checkout</title><h1>Unknown session</h1>');
        }
        if (req.method === 'POST') {
          const form = new URLSearchParams(text);
          const fields: Record<string, string> = {};
          for (const [name, value] of form) if (name.startsWith('field_')) fields[name.slice(6)] = value;
          await completeCheckout(session.id, {
            email: form.get('email') ?? '',
            name: form.get('name') || undefined,
            phone: form.get('phone') || undefined,
            fields,
          });
          const back = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);
          res.writeHead(303, { Location: back });
          return res.end();
        }
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(checkoutPage(session));
      }
      // The "hosted billing portal" a portal session's url points at.
      const portal = /^\/p\/session\/(bps_\w+)$/.exec(url.pathname);
      if (portal && req.method === 'GET') {
        const session = portalSessions.get(portal[1]!);
        const customer = session ? customers.get(String(session.customer)) : undefined;
        res.writeHead(session ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(
          session
            ? `<!doctype html><html lang="en"><meta charset="utf-8"><title>Test billing portal</title><h1>Test billing portal</h1>
<p data-customer="${escapeHtml(String(session.customer))}">Signed in as ${escapeHtml(String(customer?.email ?? ''))}</p>
<p>Update payment method · Cancel plan</p>
<p><a href="${escapeHtml(String(session.return_url ?? '/'))}">Return</a></p>`
            : '<!doctype html><title>Test billing portal</title><h1>This session has expired</h1>',
        );
      }
      if (!url.pathname.startsWith('/v1/')) {
        return stripeError(res, 404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
        });
      }

      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        authorization: req.headers.authorization,
        body,
      });
      if (hold && req.method === 'POST' && url.pathname === '/v1/checkout/sessions') await hold;
      const key = /^Bearer (sk_test_\w+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!key) {
        return stripeError(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
      }
      const fail = (problem: ParamError) => stripeError(res, problem.status, problem.error);
      const expand = Array.isArray(body.expand) ? (body.expand as string[]) : [];

      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (nextFailure) {
          const failure = nextFailure;
          nextFailure = null;
          return fail(failure);
        }
        const created = createSession(body);
        if ('status' in created && 'error' in created) return fail(created as ParamError);
        const session = created as StripeObject;
        sessions.set(session.id, session);
        return json(res, publicSession(session));
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && retrieve) {
        const session = sessions.get(retrieve[1]!);
        if (!session) return fail(missing('checkout.session', retrieve[1]!));
        return json(res, publicSession(session, expand));
      }
      const subscription = /^\/v1\/subscriptions\/(\w+)$/.exec(url.pathname);
      if (subscription) {
        const found = subscriptions.get(subscription[1]!);
        if (!found) return fail(missing('subscription', subscription[1]!));
        if (req.method === 'GET') return json(res, found);
        if (req.method === 'POST') {
          if (found.status === 'canceled') {
            return fail(
              invalid(
                'A canceled subscription can only update its cancellation_details and metadata.',
                'cancel_at_period_end',
              ),
            );
          }
          if (body.cancel_at_period_end !== undefined) {
            const cancel = body.cancel_at_period_end === 'true';
            const previous = {
              cancel_at_period_end: found.cancel_at_period_end,
              cancel_at: found.cancel_at,
              canceled_at: found.canceled_at,
            };
            const item = (found.items as { data: Array<Record<string, number>> }).data[0]!;
            Object.assign(found, {
              cancel_at_period_end: cancel,
              cancel_at: cancel ? item.current_period_end : null,
              canceled_at: cancel ? now() : null,
            });
            emit('customer.subscription.updated', found, previous);
          }
          return json(res, found);
        }
      }
      if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        if (typeof body.customer !== 'string')
          return fail(invalid('Missing required param: customer.', 'customer'));
        if (!customers.has(body.customer)) return fail(missing('customer', body.customer));
        const session: StripeObject = {
          id: `bps_${randomBytes(12).toString('hex')}`,
          object: 'billing_portal.session',
          configuration: 'bpc_test_default',
          created: now(),
          customer: body.customer,
          customer_account: null,
          flow: null,
          livemode: false,
          locale: null,
          on_behalf_of: null,
          return_url: body.return_url ?? null,
          url: '',
        };
        session.url = `${baseUrl}/p/session/${session.id}`;
        portalSessions.set(session.id, session);
        return json(res, session);
      }
      return stripeError(res, 404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${url.pathname}).`,
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: baseUrl,
    port,
    requests,
    events,
    sessions,
    subscriptions,
    customers,
    portalSessions,
    failNextCreate(status, error) {
      nextFailure = { status, error };
    },
    holdCreates() {
      let release!: () => void;
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
    completeCheckout,
    async failRenewal(id) {
      const subscription = subscriptionOrThrow(id);
      renew(subscription);
      const invoice = newInvoice(subscription, 'subscription_cycle', false);
      return [emit('invoice.payment_failed', invoice), setStatus(subscription, 'past_due')];
    },
    async payRenewal(id) {
      const subscription = subscriptionOrThrow(id);
      const open = [...invoices.values()].find((i) => i.id === subscription.latest_invoice);
      let invoice: StripeObject;
      if (open && open.status === 'open') {
        Object.assign(open, { status: 'paid', amount_paid: open.amount_due, amount_remaining: 0 });
        invoice = open;
      } else {
        renew(subscription);
        invoice = newInvoice(subscription, 'subscription_cycle', true);
      }
      const made = [emit('invoice.paid', invoice)];
      if (subscription.status !== 'active') made.push(setStatus(subscription, 'active'));
      return made;
    },
    async endSubscription(id) {
      const subscription = subscriptionOrThrow(id);
      Object.assign(subscription, {
        status: 'canceled',
        ended_at: now(),
        canceled_at: subscription.canceled_at ?? now(),
      });
      return [emit('customer.subscription.deleted', subscription)];
    },
    advanceClock(seconds) {
      clockOffset += seconds;
    },
    async close() {
      await deliveries;
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}

// Run on its own for the end-to-end tests: `tsx tests/helpers/fake-stripe.ts 5064`, with
// FAKE_STRIPE_WEBHOOK_URL and FAKE_STRIPE_WEBHOOK_SECRET for the endpoint events are sent to.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2] ?? process.env.FAKE_STRIPE_PORT ?? 12111);
  const webhookUrl = process.env.FAKE_STRIPE_WEBHOOK_URL;
  const webhookSecret = process.env.FAKE_STRIPE_WEBHOOK_SECRET;
  void startFakeStripe({
    port,
    webhook: webhookUrl && webhookSecret ? { url: webhookUrl, secret: webhookSecret } : undefined,
  }).then((fake) => {
    console.log(`fake Stripe listening on ${fake.url}`);
    const stop = () => void fake.close().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}
