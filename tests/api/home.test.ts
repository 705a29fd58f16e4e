import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { answered } from '../helpers/challenge';
import { buildTestApp, createAppOn, postRaw, type TestApp } from '../helpers/app';
import { contactMessages } from '../../src/server/domains/contact/tables';
import { newsletterSubscriptions } from '../../src/server/domains/newsletter/tables';
import { mailJobRows, makeMailDue } from '../helpers/jobs';
import { runSeeds } from '../../src/server/domains';
import { CHALLENGE_MESSAGES, CONTACT_LIMITS, SERVICE_TYPES } from '../../src/shared/contact';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    env: { BUSINESS_INBOX: 'enquiries@hertslocalmedia.co.uk', PUBLIC_URL: 'https://www.example.co.uk' },
  });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { 'content-type': 'application/json' },
  });

const countMessages = async () => (await t.deps.db.select().from(contactMessages)).length;
const countSubscriptions = async () => (await t.deps.db.select().from(newsletterSubscriptions)).length;
/** The stored contact messages, and the newsletter subscriptions, of one e-mail address. */
const messagesFrom = (email: string) =>
  t.deps.db.select().from(contactMessages).where(eq(contactMessages.email, email));
const subscriptionsOf = (email: string) =>
  t.deps.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));

/** Runs `body` while every e-mail fails to send ('SMTP is down'), then puts the mailer back. */
async function whileMailIsDown(body: () => Promise<void>) {
  const original = t.mailer.send;
  t.mailer.send = async () => {
    throw new Error('SMTP is down');
  };
  try {
    await body();
  } finally {
    t.mailer.send = original;
  }
}

/** A 4xx with a JSON message: what every bad request must get. */
function expectClientError(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status = 400,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/application\/json/);
  const body = res.json() as { message?: unknown; issues?: Array<{ path?: string; message?: string }> };
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  // REST validation answers carry the field-level problems in issues beside the summary message.
  const issues = (body.issues ?? []).map((i) => `${i.path ?? ''}: ${i.message}`);
  return [body.message as string, ...issues].join(' | ');
}

/** JSON that does not parse gets a 4xx with a JSON message (which 4xx is the body parser's). */
async function expectBrokenJsonRefused(url: string, body: string) {
  const res = await postRaw(t.app, url, body);
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(typeof res.json().message).toBe('string');
}

/**
 * A test for each bad body: a 400 with a JSON message (matching the pattern, where one is given),
 * nothing stored, no e-mail sent.
 */
function itRejectsEach(url: string, count: () => Promise<number>, bad: Array<[string, unknown, RegExp?]>) {
  for (const [label, payload, message] of bad) {
    it(`rejects ${label} with a 400 and stores nothing`, async () => {
      const before = await count();
      const text = expectClientError(await post(url, payload));
      if (message) expect(text).toMatch(message);
      expect(await count()).toBe(before);
      expect(t.mailer.sent).toHaveLength(0);
    });
  }
}

describe('GET /api/newsletters', () => {
  it('lists the three seeded newsletters with id, name, description, location and subscribe link', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/newsletters' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<Record<string, unknown>>;
    expect(body.map((n) => n.name)).toEqual(['Broxtown', 'Hertstown', 'Fieldtown']);
    for (const n of body) {
      expect(Object.keys(n).sort()).toEqual(['description', 'id', 'location', 'name', 'subscribeUrl']);
      expect(n.subscribeUrl).toMatch(/^https:\/\/[a-z]+\.substack\.com\/subscribe$/);
      expect(typeof n.id).toBe('number');
      expect((n.description as string).length).toBeGreaterThan(40);
      expect((n.location as string).length).toBeGreaterThan(3);
    }
  });
});

describe('GET /api/testimonials', () => {
  it('lists the seeded testimonials with name, location, content and an image on our own origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/testimonials' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<Record<string, unknown>>;
    expect(body.length).toBe(3);
    for (const item of body) {
      expect(Object.keys(item).sort()).toEqual(['content', 'id', 'imageUrl', 'location', 'name']);
      expect(item.imageUrl).toMatch(/^\/images\//);
    }
  });

  it('does not insert the seeds twice when they run again', async () => {
    expect(await runSeeds(t.deps.db)).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: '/api/testimonials' });
    expect((res.json() as unknown[]).length).toBe(3);
    const newsletters = await t.app.inject({ method: 'GET', url: '/api/newsletters' });
    expect((newsletters.json() as unknown[]).length).toBe(3);
  });
});

describe('POST /api/contact', () => {
  const valid = {
    name: 'Margaret Ellis',
    email: 'margaret@ellis-florists.co.uk',
    subject: 'Spring advertising',
    message: 'We would like a half-page advert in the Hertstown newsletter for April.',
    type: 'advertising',
  };
  beforeEach(() => {
    t.mailer.sent.length = 0;
  });

  it('stores the message and e-mails the business inbox, replying to the sender', async () => {
    const before = await countMessages();
    const res = await post('/api/contact', await answered(t.app, valid));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/within 24 hours/);
    const rows = await messagesFrom(valid.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: valid.name,
      subject: valid.subject,
      message: valid.message,
      type: 'advertising',
      status: 'new',
    });
    expect(rows[0]!.details).toBeNull();
    expect(await countMessages()).toBe(before + 1);
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe('enquiries@hertslocalmedia.co.uk');
    expect(mail.replyTo).toContain(valid.email);
    expect(mail.subject).toContain('Spring advertising');
    expect(mail.text).toContain(valid.message);
    expect(mail.text).toContain(valid.name);
  });

  it('accepts every service type', async () => {
    for (const type of SERVICE_TYPES) {
      const res = await post(
        '/api/contact',
        await answered(t.app, { ...valid, email: `${type}@example.co.uk`, type }),
      );
      expect(res.statusCode, type).toBe(200);
    }
  });

  it('uses the type as the subject when the subject is empty or missing', async () => {
    await post(
      '/api/contact',
      await answered(t.app, { ...valid, email: 'nosubject@example.co.uk', subject: '', type: 'website' }),
    );
    await post(
      '/api/contact',
      await answered(t.app, {
        name: 'Tom',
        email: 'nosubject2@example.co.uk',
        message: 'Hello',
        type: 'podcast',
      }),
    );
    const [a] = await messagesFrom('nosubject@example.co.uk');
    const [b] = await messagesFrom('nosubject2@example.co.uk');
    expect(a!.subject).toBe('website');
    expect(b!.subject).toBe('podcast');
  });

  it('stores a workshop reservation with its structured details', async () => {
    const details = {
      parentName: 'Helen Carter',
      parentEmail: 'helen.carter@example.co.uk',
      parentMobile: '07700 900123',
      childName: 'Oliver',
      childAge: 12,
      deviceType: 'Laptop',
    };
    const res = await post('/api/contact', {
      name: 'Helen Carter',
      email: 'helen.carter@example.co.uk',
      subject: 'Free Workshop Reservation',
      message: 'Parent: Helen Carter\nChild: Oliver, 12\nDevice: Laptop',
      type: 'workshop_reservation',
      details,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await messagesFrom('helen.carter@example.co.uk');
    expect(row!.type).toBe('workshop_reservation');
    expect(row!.subject).toBe('Free Workshop Reservation');
    expect(row!.details).toEqual(details);
    expect(t.mailer.sent[0]!.text).toContain("Child's age: 12");
  });

  it('rejects a workshop reservation whose details give a child outside 10-16', async () => {
    const before = await countMessages();
    const msg = expectClientError(
      await post('/api/contact', {
        ...valid,
        type: 'workshop_reservation',
        details: {
          parentName: 'A',
          parentEmail: 'a@b.co',
          parentMobile: '07700 900123',
          childName: 'B',
          childAge: 9,
          deviceType: 'Laptop',
        },
      }),
    );
    expect(msg).toMatch(/between 10 and 16/);
    expect(await countMessages()).toBe(before);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('answers a honeypot hit with success but stores and sends nothing', async () => {
    const before = await countMessages();
    const res = await post('/api/contact', { ...valid, website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(await countMessages()).toBe(before);
    expect(t.mailer.sent).toHaveLength(0);
  });

  const bad: Array<[string, unknown, RegExp]> = [
    ['a missing name', { ...valid, name: undefined }, /name/],
    ['a blank name', { ...valid, name: '   ' }, /Name is required/],
    ['a missing e-mail', { ...valid, email: undefined }, /email/],
    ['an invalid e-mail', { ...valid, email: 'not-an-email' }, /valid email/],
    ['a missing message', { ...valid, message: undefined }, /message/],
    ['a missing type', { ...valid, type: undefined }, /type/],
    ['an invalid type', { ...valid, type: 'cheese' }, /service type/],
    ['a name of the wrong type', { ...valid, name: 42 }, /name/],
    ['a message of the wrong type', { ...valid, message: ['a'] }, /message/],
    ['an over-long name', { ...valid, name: 'x'.repeat(CONTACT_LIMITS.name + 1) }, /too long/],
    ['an over-long subject', { ...valid, subject: 'x'.repeat(CONTACT_LIMITS.subject + 1) }, /too long/],
    ['an over-long message', { ...valid, message: 'x'.repeat(CONTACT_LIMITS.message + 1) }, /too long/],
    ['an over-long e-mail', { ...valid, email: `${'x'.repeat(250)}@example.co.uk` }, /too long/],
  ];
  itRejectsEach('/api/contact', countMessages, bad);

  it('rejects malformed JSON and a non-object body with a 4xx JSON message', async () => {
    const before = await countMessages();
    await expectBrokenJsonRefused('/api/contact', '{"name": "Tom", ');
    expectClientError(await postRaw(t.app, '/api/contact', '"just a string"'));
    expectClientError(await postRaw(t.app, '/api/contact', 'null'));
    expect(await countMessages()).toBe(before);
  });

  it('still answers success when the notification e-mail fails, since the message is stored', async () => {
    await whileMailIsDown(async () => {
      const res = await post(
        '/api/contact',
        await answered(t.app, { ...valid, email: 'smtp-down@example.co.uk' }),
      );
      expect(res.statusCode).toBe(200);
      const rows = await messagesFrom('smtp-down@example.co.uk');
      expect(rows).toHaveLength(1);
    });
  });
});

describe("the contact form's math question, checked by the server (issue 13.5)", () => {
  const enquiry = {
    name: 'Colin Hart',
    email: 'colin@hart-joinery.co.uk',
    subject: '',
    message: 'A quote for an advert, please.',
    type: 'editorial',
  };
  const getChallenge = async (app = t.app) => {
    const res = await app.inject({ method: 'GET', url: '/api/contact/challenge' });
    expect(res.statusCode).toBe(200);
    return res.json() as { challenge: string; a: number; b: number; expiresAt: string };
  };
  const send = (body: object, app = t.app) =>
    app.inject({ method: 'POST', url: '/api/contact', payload: body });

  it('GET /api/contact/challenge gives two numbers from 1 to 10, a new signed challenge each time, never cached', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/contact/challenge' });
      expect(res.headers['cache-control']).toBe('no-store');
      const c = res.json() as { challenge: string; a: number; b: number; expiresAt: string };
      for (const n of [c.a, c.b]) expect(n >= 1 && n <= 10 && Number.isInteger(n)).toBe(true);
      expect(Date.parse(c.expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
      seen.add(c.challenge);
    }
    expect(seen.size).toBe(30);
  });

  it('accepts the right sum once; a second use, a wrong sum, a missing or forged challenge are refused and store nothing', async () => {
    const before = await countMessages();
    const missing = await send(enquiry);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(CHALLENGE_MESSAGES.missing);

    const wrong = await getChallenge();
    const refused = await send({ ...enquiry, challenge: wrong.challenge, answer: wrong.a + wrong.b + 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Verification Failed - Please solve the math problem correctly.');
    // Used up by the wrong answer: the sums cannot be tried one by one.
    const retry = await send({ ...enquiry, challenge: wrong.challenge, answer: wrong.a + wrong.b });
    expect(retry.json().message).toBe(CHALLENGE_MESSAGES.used);

    const forged = await getChallenge();
    const [id, , , expires, signature] = forged.challenge.split('.');
    const easier = `${id}.1.1.${expires}.${signature}`;
    expect((await send({ ...enquiry, challenge: easier, answer: 2 })).json().message).toBe(
      CHALLENGE_MESSAGES.invalid,
    );
    expect((await send({ ...enquiry, challenge: 'x'.repeat(100), answer: 2 })).json().message).toBe(
      CHALLENGE_MESSAGES.invalid,
    );
    expect(await countMessages()).toBe(before);

    const good = await getChallenge();
    const ok = await send({ ...enquiry, challenge: good.challenge, answer: String(good.a + good.b) });
    expect(ok.statusCode).toBe(200);
    const again = await send({ ...enquiry, challenge: good.challenge, answer: good.a + good.b });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(CHALLENGE_MESSAGES.used);
    expect(await countMessages()).toBe(before + 1);
  });

  it('refuses a challenge older than an hour', async () => {
    const c = await getChallenge();
    t.setNow(new Date(Date.now() + 61 * 60_000));
    try {
      const res = await send({ ...enquiry, challenge: c.challenge, answer: c.a + c.b });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CHALLENGE_MESSAGES.expired);
    } finally {
      t.setNow(new Date());
    }
  });

  it('holds across instances sharing the database: one signs, another accepts it once, the first then refuses it', async () => {
    const second = await createAppOn(t.deps, { logger: false });
    try {
      const c = await getChallenge(t.app);
      expect((await send({ ...enquiry, challenge: c.challenge, answer: c.a + c.b }, second)).statusCode).toBe(
        200,
      );
      const replay = await send({ ...enquiry, challenge: c.challenge, answer: c.a + c.b }, t.app);
      expect(replay.json().message).toBe(CHALLENGE_MESSAGES.used);
    } finally {
      await second.close();
    }
  });

  it('is not asked of a workshop reservation', async () => {
    const res = await send({ ...enquiry, email: 'parent@example.co.uk', type: 'workshop_reservation' });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/subscribe and the confirmation and unsubscribe links', () => {
  beforeEach(() => {
    t.mailer.sent.length = 0;
    t.setNow(new Date());
  });

  const linkFrom = (text: string, action: 'confirm' | 'unsubscribe') => {
    const match = new RegExp(`https://www\\.example\\.co\\.uk/\\?newsletter=${action}&token=([\\w%-]+)`).exec(
      text,
    );
    expect(match, `${action} link in the e-mail`).not.toBeNull();
    return decodeURIComponent(match![1]!);
  };

  it('stores the address once, unconfirmed, and sends a confirmation e-mail with both links', async () => {
    const res = await post('/api/subscribe', { email: '  Anna.Brown@Example.co.uk ', newsletter: 'general' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/confirm/);
    const rows = await subscriptionsOf('anna.brown@example.co.uk');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.confirmedAt).toBeNull();
    expect(rows[0]!.newsletter).toBe('general');
    expect(t.mailer.sent).toHaveLength(1);
    const mail = t.mailer.sent[0]!;
    expect(mail.to).toBe('anna.brown@example.co.uk');
    const confirmToken = linkFrom(mail.text, 'confirm');
    const unsubscribeToken = linkFrom(mail.text, 'unsubscribe');
    expect(mail.html).toContain('Unsubscribe');
    expect(mail.headers?.['List-Unsubscribe']).toContain('newsletter=unsubscribe');
    // Only hashes are stored: the tokens themselves are only in the e-mail.
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(confirmToken);
    expect(stored).not.toContain(unsubscribeToken);
  });

  it('subscribing twice is not an error and creates no duplicate', async () => {
    const first = await post('/api/subscribe', { email: 'twice@example.co.uk', newsletter: 'general' });
    const second = await post('/api/subscribe', { email: 'TWICE@example.co.uk', newsletter: 'general' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const rows = await subscriptionsOf('twice@example.co.uk');
    expect(rows).toHaveLength(1);
    // A repeat within minutes sends no second e-mail (no mail-bombing someone else's inbox).
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('the confirmation link confirms the address; opening it again is fine', async () => {
    await post('/api/subscribe', { email: 'confirm.me@example.co.uk', newsletter: 'general' });
    const token = linkFrom(t.mailer.sent[0]!.text, 'confirm');
    const res = await post('/api/newsletter/confirm', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/confirmed/);
    const [row] = await subscriptionsOf('confirm.me@example.co.uk');
    expect(row!.confirmedAt).toBeInstanceOf(Date);
    const again = await post('/api/newsletter/confirm', { token });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatch(/already confirmed/);
    // A confirmed address signing up again gets no more mail and stays confirmed.
    t.mailer.sent.length = 0;
    expect((await post('/api/subscribe', { email: 'confirm.me@example.co.uk' })).statusCode).toBe(200);
    expect(t.mailer.sent).toHaveLength(0);
  });

  it('a confirmation link expires after the confirmation window', async () => {
    await post('/api/subscribe', { email: 'late@example.co.uk', newsletter: 'general' });
    const token = linkFrom(t.mailer.sent[0]!.text, 'confirm');
    t.setNow(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000));
    expectClientError(await post('/api/newsletter/confirm', { token }), 404);
  });

  it('the unsubscribe link deletes the address, and works only once', async () => {
    await post('/api/subscribe', { email: 'leaving@example.co.uk', newsletter: 'general' });
    const mail = t.mailer.sent[0]!;
    await post('/api/newsletter/confirm', { token: linkFrom(mail.text, 'confirm') });
    const token = linkFrom(mail.text, 'unsubscribe');
    const res = await post('/api/newsletter/unsubscribe', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/unsubscribed/);
    const rows = await subscriptionsOf('leaving@example.co.uk');
    expect(rows).toHaveLength(0);
    expectClientError(await post('/api/newsletter/unsubscribe', { token }), 404);
  });

  it('rejects unknown or malformed tokens with a JSON message', async () => {
    expectClientError(await post('/api/newsletter/confirm', { token: 'x'.repeat(43) }), 404);
    expectClientError(await post('/api/newsletter/confirm', {}));
    expectClientError(await post('/api/newsletter/unsubscribe', { token: 'short' }));
  });

  it('keeps the address and queues the confirmation e-mail while the mail server is down, then sends it (issue 22.4)', async () => {
    await whileMailIsDown(async () => {
      const res = await post('/api/subscribe', { email: 'nomail@example.co.uk' });
      expect(res.statusCode).toBe(200);
    });
    const rows = await subscriptionsOf('nomail@example.co.uk');
    expect(rows).toHaveLength(1);
    const queued = (await mailJobRows(t.deps.db)).find((j) => j.message.to === 'nomail@example.co.uk');
    expect(queued).toMatchObject({ kind: 'newsletter_confirmation', state: 'retry', error: 'SMTP is down' });
    expect(t.mailer.sent.some((m) => m.to === 'nomail@example.co.uk')).toBe(false);
    // The mail server is back; the retry is due after the first wait.
    await makeMailDue(t.deps.db);
    await t.deps.jobs.runDue();
    expect(t.mailer.sent.filter((m) => m.to === 'nomail@example.co.uk')).toHaveLength(1);
  });

  const bad: Array<[string, unknown]> = [
    ['a missing e-mail', { newsletter: 'general' }],
    ['an empty e-mail', { email: '', newsletter: 'general' }],
    ['an invalid e-mail', { email: 'anna at example', newsletter: 'general' }],
    ['an e-mail of the wrong type', { email: 12345, newsletter: 'general' }],
    ['an over-long e-mail', { email: `${'a'.repeat(300)}@example.co.uk`, newsletter: 'general' }],
    ['an unknown newsletter', { email: 'ok@example.co.uk', newsletter: 'weekly-spam' }],
  ];
  itRejectsEach('/api/subscribe', countSubscriptions, bad);

  it('rejects malformed JSON with a 4xx JSON message', async () => {
    const before = await countSubscriptions();
    await expectBrokenJsonRefused('/api/subscribe', '{"email": ');
    expect(await countSubscriptions()).toBe(before);
  });
});
