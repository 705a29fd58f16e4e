import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

// A small stand-in for api.stripe.com on 127.0.0.1: it speaks the parts of Stripe's HTTP API the
// academy uses (form-encoded Checkout Session calls, Bearer secret keys, Stripe's error shape), so
// the real `stripe` SDK can be pointed at it with host/port/protocol. It also serves the "hosted"
// checkout page the sessions link to, so a browser can follow the link.

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export interface FakeStripe {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Makes the next Checkout Session create answer with this Stripe error instead. */
  failNextCreate(status: number, error: { type: string; message: string; code?: string }): void;
  /** Checkout Session creates wait until the returned function is called (a slow Stripe). */
  holdCreates(): () => void;
  close(): Promise<void>;
}

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

function stripeError(
  res: http.ServerResponse,
  status: number,
  error: { type: string; message: string; code?: string; param?: string },
) {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': `req_${randomBytes(7).toString('hex')}`,
  });
  res.end(JSON.stringify({ error }));
}

export async function startFakeStripe(options: { port?: number } = {}): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  let nextFailure: { status: number; error: { type: string; message: string; code?: string } } | null = null;
  let baseUrl = '';
  let hold: Promise<void> | null = null;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = req.method === 'POST' ? decodeStripeForm(text) : Object.fromEntries(url.searchParams);

      if (url.pathname === '/health') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return res.end('ok');
      }
      // The "hosted checkout page" a session's url points at.
      const pay = /^\/c\/pay\/(cs_test_\w+)$/.exec(url.pathname);
      if (pay && req.method === 'GET') {
        const known = sessions.has(pay[1]!);
        res.writeHead(known ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><title>Test checkout</title><h1>${known ? 'Test checkout' : 'Unknown session'}</h1>`,
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

      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (nextFailure) {
          const failure = nextFailure;
          nextFailure = null;
          return stripeError(res, failure.status, failure.error);
        }
        for (const param of ['success_url', 'mode', 'line_items']) {
          if (body[param] === undefined) {
            return stripeError(res, 400, {
              type: 'invalid_request_error',
              message: `Missing required param: ${param}.`,
              param,
            });
          }
        }
        const lineItems = body.line_items as Array<Record<string, unknown>>;
        for (const item of lineItems) {
          if (typeof item.price === 'string' && !item.price.startsWith('price_')) {
            return stripeError(res, 400, {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such price: '${item.price}'`,
              param: 'line_items[0][price]',
            });
          }
        }
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        const session = {
          id,
          object: 'checkout.session',
          mode: body.mode,
          status: 'open',
          payment_status: 'unpaid',
          currency: 'gbp',
          livemode: false,
          created: Math.floor(Date.now() / 1000),
          metadata: body.metadata ?? {},
          success_url: body.success_url,
          cancel_url: body.cancel_url ?? null,
          customer: null,
          subscription: null,
          url: `${baseUrl}/c/pay/${id}`,
        };
        sessions.set(id, session);
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'Request-Id': `req_${randomBytes(7).toString('hex')}`,
        });
        return res.end(JSON.stringify(session));
      }
      const retrieve = /^\/v1\/checkout\/sessions\/(\w+)$/.exec(url.pathname);
      if (req.method === 'GET' && retrieve) {
        const session = sessions.get(retrieve[1]!);
        if (!session) {
          return stripeError(res, 404, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such checkout.session: '${retrieve[1]}'`,
          });
        }
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end(JSON.stringify(session));
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
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

// Run on its own for the end-to-end tests: `tsx tests/helpers/fake-stripe.ts 5064`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2] ?? process.env.FAKE_STRIPE_PORT ?? 12111);
  void startFakeStripe({ port }).then((fake) => {
    console.log(`fake Stripe listening on ${fake.url}`);
    const stop = () => void fake.close().then(() => process.exit(0));
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}
