import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, sessions, users } from '../../src/server/domains/auth/tables';
import { createAdmin, ensureAdminFromConfig } from '../../src/server/domains/auth';
import { AUTH_MESSAGES } from '../../src/shared/auth';
import { buildTestApp, type TestApp } from '../helpers/app';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { scaled } from '../helpers/timeouts';

let t: TestApp;
const ADMIN = {
  name: 'Alice Admin',
  email: 'alice@hertslocalmedia.co.uk',
  password: 'Orchard-Lane-Kettle-7',
};
const DAY = 24 * 60 * 60 * 1000;
let ipCounter = 1;
/** Each test signs in from its own address, so the per-client throttle of one test leaves the next alone. */
const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  t = await buildTestApp();
  await createAdmin(t.deps, ADMIN);
});
afterAll(async () => {
  await t.close();
});

async function login(email: string, password: string, remoteAddress = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password },
    remoteAddress,
  });
}

async function signIn(): Promise<string> {
  const res = await login(ADMIN.email, ADMIN.password);
  expect(res.statusCode).toBe(200);
  return res.json().authToken as string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('POST /api/admin/login', () => {
  it('returns authToken and user, and sets an HttpOnly SameSite=Lax session cookie', async () => {
    const res = await login(`  ${ADMIN.email.toUpperCase()}  `, ADMIN.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      id: expect.any(Number),
      name: ADMIN.name,
      email: ADMIN.email,
      role: 'owner',
    });
    expect(body.authToken).toMatch(/^[a-z2-7]{24}\.[a-z2-7]{32}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain(`session=${body.authToken}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('stores only a SHA-256 of the secret, and the password as an Argon2id hash with OWASP parameters', async () => {
    const token = await signIn();
    const [id, secret] = token.split('.') as [string, string];
    const [row] = await t.deps.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row!.secretHash).toHaveLength(32);
    expect(Buffer.from(row!.secretHash).toString('utf8')).not.toContain(secret);
    const [user] = await t.deps.db.select().from(users).where(eq(users.email, ADMIN.email));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('starts a new session at every sign-in', async () => {
    const a = await signIn();
    const b = await signIn();
    expect(a).not.toBe(b);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: bearer(a) })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: bearer(b) })).statusCode,
    ).toBe(200);
  });

  it('answers an unknown e-mail and a wrong password with the same 401, in about the same time', async () => {
    const wrong = await login(ADMIN.email, 'Not-The-Password-1');
    const unknown = await login('nobody@hertslocalmedia.co.uk', 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(unknown.json().message).toBe(wrong.json().message);

    const time = async (email: string) => {
      const started = performance.now();
      await login(email, 'Not-The-Password-1');
      return performance.now() - started;
    };
    // The fastest of five is what each path costs: a busy machine only ever adds time, and a CI run
    // with the browser tests beside it once put the medians at a ratio of 0.28.
    const fastest = (xs: number[]) => Math.min(...xs);
    const known: number[] = [];
    const missing: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(ADMIN.email));
      missing.push(await time(`ghost${i}@example.co.uk`));
      // Keep the address below its failure limit.
      t.setNow(new Date(Date.now() + (i + 1) * 2 * 60 * 60 * 1000));
    }
    t.setNow(new Date());
    const ratio = fastest(missing) / fastest(known);
    console.log(
      `login failure: known address ${fastest(known).toFixed(0)} ms, unknown ${fastest(missing).toFixed(0)} ms`,
    );
    // Without the dummy hash an unknown address answers in a few milliseconds (a ratio near 0.05);
    // with it, 0.22 was seen once with the browser tests beside it on PostgreSQL, so the line is
    // drawn at three times the ratio without it, not at a third.
    expect(ratio).toBeGreaterThan(0.15);
    expect(ratio).toBeLessThan(3);
  });

  it('refuses an address that does not match the simple pattern, with a clear message', async () => {
    const res = await login('not-an-email', 'whatever-password');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(AUTH_MESSAGES.invalidEmail);
  });
});

describe('sessions', () => {
  it('GET /api/admin/user answers the user for the bearer token and for the cookie, 401 without', async () => {
    const token = await signIn();
    const viaBearer = await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: bearer(token) });
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.json()).toMatchObject({ name: ADMIN.name, email: ADMIN.email });
    const viaCookie = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      cookies: { session: token },
    });
    expect(viaCookie.statusCode).toBe(200);
    const none = await t.app.inject({ method: 'GET', url: '/api/admin/user' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBeTruthy();
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user',
      headers: bearer(`${token.split('.')[0]}.${'a'.repeat(32)}`),
    });
    expect(forged.statusCode).toBe(401);
  });

  it('ends after a week without use, and a month after sign-in even when used', async () => {
    const start = Date.now();
    const idle = await signIn();
    t.setNow(new Date(start + 6 * DAY));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: bearer(idle) })).statusCode,
    ).toBe(200);
    t.setNow(new Date(start + 13 * DAY + 60_000));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: bearer(idle) })).statusCode,
    ).toBe(401);

    t.setNow(new Date(start));
    const active = await signIn();
    for (const day of [6, 12, 18, 24, 29]) {
      t.setNow(new Date(start + day * DAY));
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: bearer(active) })).statusCode,
      ).toBe(200);
    }
    t.setNow(new Date(start + 30 * DAY + 60_000));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: bearer(active) })).statusCode,
    ).toBe(401);
    t.setNow(new Date());
  });

  it('POST /api/admin/logout ends the session and clears the cookie', async () => {
    const token = await signIn();
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/session=;/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('uses a Secure __Host- cookie when the site is served over HTTPS', async () => {
    const https = await buildTestApp({
      env: { PUBLIC_URL: 'https://www.hertslocalmedia.co.uk' },
      seed: false,
    });
    try {
      await createAdmin(https.deps, ADMIN);
      const res = await https.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: ADMIN.email, password: ADMIN.password },
      });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/^__Host-session=/);
      expect(cookie).toMatch(/Secure/);
      const token = res.json().authToken;
      const me = await https.app.inject({
        method: 'GET',
        url: '/api/admin/user',
        cookies: { '__Host-session': token },
      });
      expect(me.statusCode).toBe(200);
    } finally {
      await https.close();
    }
  });
});

describe('every admin call is refused without a valid session', () => {
  const adminCalls: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }> = [
    { method: 'GET', url: '/api/admin/user' },
    { method: 'POST', url: '/api/admin/logout' },
    {
      method: 'POST',
      url: '/api/admin/register',
      payload: { name: 'Eve', email: 'eve@example.co.uk', password: 'Sloe-Gin-Winter-9' },
    },
    { method: 'GET', url: '/api/admin/blogs' },
    { method: 'POST', url: '/api/admin/blogs', payload: { title: 'Sneaky', content: '<p>Sneaky</p>' } },
    { method: 'PATCH', url: '/api/admin/blogs/1', payload: { title: 'Changed', published: false } },
    { method: 'DELETE', url: '/api/admin/blogs/1' },
    { method: 'POST', url: '/api/objects/upload' },
  ];

  async function expectAllRefused(headers: Record<string, string>) {
    for (const call of adminCalls) {
      const res = await t.app.inject({ ...call, headers });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json().message, `${call.method} ${call.url}`).toBeTruthy();
    }
    // Nothing changed behind the refusals.
    const post = await t.app.inject({ method: 'GET', url: '/api/blog/1' });
    expect(post.statusCode).toBe(200);
    expect(post.json().title).not.toBe('Changed');
    expect(await t.deps.db.select().from(users).where(eq(users.email, 'eve@example.co.uk'))).toHaveLength(0);
  }

  it('without a session', async () => {
    await expectAllRefused({});
    await expectAllRefused({ authorization: 'Bearer not-a-token' });
  });

  it('with an expired session', async () => {
    const token = await signIn();
    t.setNow(new Date(Date.now() + 8 * DAY));
    try {
      await expectAllRefused(bearer(token));
    } finally {
      t.setNow(new Date());
    }
  });

  it('with a logged-out token, by bearer and by cookie', async () => {
    const token = await signIn();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(token) })).statusCode,
    ).toBe(200);
    await expectAllRefused(bearer(token));
    await expectAllRefused({ cookie: `session=${token}` });
  });
});

describe('POST /api/admin/register', () => {
  it('lets a signed-in admin create another, who can then sign in', async () => {
    const token = await signIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/register',
      headers: bearer(token),
      payload: {
        name: 'Carol Editor',
        email: 'Carol@HertsLocalMedia.co.uk',
        password: 'Hornbeam-Walk-Lantern-5',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Carol Editor', email: 'carol@hertslocalmedia.co.uk' });
    expect((await login('carol@hertslocalmedia.co.uk', 'Hornbeam-Walk-Lantern-5')).statusCode).toBe(200);
  });

  it('refuses a duplicate e-mail with 409, a short password and a common one with 400', async () => {
    const token = await signIn();
    const register = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/register', headers: bearer(token), payload });
    const dup = await register({
      name: 'Alice Again',
      email: ADMIN.email.toUpperCase(),
      password: 'Another-Long-One-8',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(AUTH_MESSAGES.duplicateEmail);
    const short = await register({ name: 'Dan', email: 'dan@example.co.uk', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters long');
    for (const common of ['password123', 'Liverpool1', 'qwertyuiop', 'iloveyou!']) {
      const res = await register({ name: 'Dan', email: 'dan@example.co.uk', password: common });
      expect(res.statusCode, common).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.passwordTooCommon);
    }
    const bad = await register({ name: '', email: 'dan@', password: 'Another-Long-One-8' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('ADMIN_EMAIL / ADMIN_PASSWORD at start', () => {
  it('creates that admin once and leaves an existing one alone', async () => {
    const config = {
      ...t.config,
      ADMIN_EMAIL: 'Owner@HertsLocalMedia.co.uk',
      ADMIN_PASSWORD: 'Watercress-Beds-Ware-11',
      ADMIN_NAME: 'Olive Owner',
    };
    expect(await ensureAdminFromConfig({ ...t.deps, config })).toBe('created');
    expect(
      await ensureAdminFromConfig({
        ...t.deps,
        config: { ...config, ADMIN_PASSWORD: 'Something-Else-Entirely-2' },
      }),
    ).toBe('exists');
    expect((await login('owner@hertslocalmedia.co.uk', 'Watercress-Beds-Ware-11')).json().user.name).toBe(
      'Olive Owner',
    );
    expect(
      await ensureAdminFromConfig({
        ...t.deps,
        config: { ...t.config, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined },
      }),
    ).toBe('not-configured');
    await expect(
      ensureAdminFromConfig({
        ...t.deps,
        config: { ...config, ADMIN_EMAIL: 'new@example.co.uk', ADMIN_PASSWORD: 'password1' },
      }),
    ).rejects.toThrow(/ADMIN_PASSWORD was refused/);
  });
});

describe('forgot and reset password', () => {
  const RESET_USER = {
    name: 'Rita Reset',
    email: 'rita@hertslocalmedia.co.uk',
    password: 'First-Password-Rita-1',
  };
  beforeAll(async () => {
    await createAdmin(t.deps, RESET_USER);
  });

  function lastResetToken(): string {
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe(RESET_USER.email);
    const match = /\/reset-password\?token=([a-z2-7]+)/.exec(mail.text);
    expect(match).not.toBeNull();
    return match![1]!;
  }

  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });
  const reset = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, newPassword } });

  it('answers the same whether or not the address exists, and mails a link only when it does', async () => {
    const before = t.mailer.sent.length;
    const unknown = await forgot('nobody@example.co.uk');
    expect(unknown.statusCode).toBe(200);
    expect(t.mailer.sent.length).toBe(before);
    const known = await forgot(RESET_USER.email);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(AUTH_MESSAGES.resetEmailSent);
    expect(t.mailer.sent.length).toBe(before + 1);
    expect(t.mailer.sent.at(-1)!.text).toContain(`${t.config.publicUrl}/reset-password?token=`);
    // Only a hash of the token is stored.
    const token = lastResetToken();
    const rows = await t.deps.db.select().from(passwordResetTokens);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const session = (await login(RESET_USER.email, RESET_USER.password)).json().authToken as string;
    await forgot(RESET_USER.email);
    const token = lastResetToken();
    const res = await reset(token, 'Second-Password-Rita-2');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(AUTH_MESSAGES.resetDone);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/user', headers: bearer(session) })).statusCode,
    ).toBe(401);
    expect((await login(RESET_USER.email, RESET_USER.password)).statusCode).toBe(401);
    expect((await login(RESET_USER.email, 'Second-Password-Rita-2')).statusCode).toBe(200);
    const again = await reset(token, 'Third-Password-Rita-3');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.resetTokenInvalid);
    RESET_USER.password = 'Second-Password-Rita-2';
  });

  it('refuses a link older than one hour', async () => {
    await forgot(RESET_USER.email);
    const token = lastResetToken();
    t.setNow(new Date(Date.now() + 61 * 60 * 1000));
    try {
      const res = await reset(token, 'Late-Password-Rita-4');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.resetTokenInvalid);
    } finally {
      t.setNow(new Date());
    }
    expect((await login(RESET_USER.email, RESET_USER.password)).statusCode).toBe(200);
  });

  it('enforces the token, the 8-character minimum and the common-password list on the server', async () => {
    await forgot(RESET_USER.email);
    const token = lastResetToken();
    const missing = await reset('', 'Long-Enough-Password-5');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Invalid reset link. Please request a new password reset.');
    const unknown = await reset('abcdefghijklmnop', 'Long-Enough-Password-5');
    expect(unknown.statusCode).toBe(400);
    const short = await reset(token, 'Short1');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters long');
    const common = await reset(token, 'sunshine123');
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(AUTH_MESSAGES.passwordTooCommon);
    // The refusals did not use the link up.
    expect((await reset(token, 'Long-Enough-Password-5')).statusCode).toBe(200);
    RESET_USER.password = 'Long-Enough-Password-5';
  });

  it('rejects a malformed e-mail on forgot-password with 400', async () => {
    const res = await forgot('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

// The throttle and the rate limits count in this process by default, and in Redis with REDIS_URL
//: the same rules, checked against both.
describe.each(['memory', 'redis'] as const)(
  'sign-in limits count failures, not people (issue 12.4), in %s',
  (store) => {
    let strict: TestApp;
    let redis: RedisServer | undefined;
    const OFFICE = '198.51.100.20';
    beforeAll(async () => {
      if (store === 'redis') redis = await startRedisServer();
      // The limits as they are in production, not scaled up for tests.
      strict = await buildTestApp({
        seed: false,
        env: { RATE_LIMIT_MULTIPLIER: '1', ...(redis && { REDIS_URL: redis.url }) },
      });
      await createAdmin(strict.deps, ADMIN);
    });
    afterAll(async () => {
      await strict.close();
      await redis?.stop();
    });
    const signInFrom = (remoteAddress: string, payload: unknown) =>
      strict.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: payload as object,
        remoteAddress,
      });
    const signInAs = (email: string, password: string, remoteAddress = freshIp()) =>
      signInFrom(remoteAddress, { email, password });

    it('slows down, then refuses with 429 and Retry-After, repeated failures for one account from one address', async () => {
      const email = 'bob@hertslocalmedia.co.uk';
      await createAdmin(strict.deps, { name: 'Bob', email, password: 'Bramble-Hedge-Pond-3' });
      const ip = freshIp();
      const durations: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const res = await signInAs(email, `wrong-password-${i}`, ip);
        durations.push(performance.now() - started);
        expect(res.statusCode).toBe(401);
      }
      // The fourth and fifth failures are held back (300 ms, then 600 ms, on top of the usual work).
      expect(durations[3]!).toBeGreaterThanOrEqual(300);
      expect(durations[4]!).toBeGreaterThanOrEqual(600);
      const refused = await signInAs(email, 'Bramble-Hedge-Pond-3', ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(
        /Too many failed sign-in attempts\. Please wait \d+ seconds and try again\./,
      );
      // Another account from the same address is not affected, nor the same account from another address.
      expect((await signInAs(ADMIN.email, ADMIN.password, ip)).statusCode).toBe(200);
      expect((await signInAs(email, 'Bramble-Hedge-Pond-3', freshIp())).statusCode).toBe(200);
      // Once the wait is over, the right password works again from that address too.
      strict.setNow(new Date(Date.now() + 61_000));
      expect((await signInAs(email, 'Bramble-Hedge-Pond-3', ip)).statusCode).toBe(200);
      strict.setNow(new Date());
    });

    it(
      'refuses a client that keeps failing across many addresses',
      async () => {
        const ip = '192.0.2.77';
        for (let i = 0; i < 20; i++) {
          const res = await signInAs(`guess${i}@example.co.uk`, 'password-guess', ip);
          expect(res.statusCode).toBe(401);
        }
        const refused = await signInAs(ADMIN.email, ADMIN.password, ip);
        expect(refused.statusCode).toBe(429);
        expect(refused.headers['retry-after']).toBeDefined();
        expect((await signInAs(ADMIN.email, ADMIN.password, '192.0.2.78')).statusCode).toBe(200);
      },
      scaled(30_000),
    );

    it('lets 20 successful sign-ins in a row from one address all succeed', async () => {
      for (let i = 0; i < 20; i++) {
        const res = await signInFrom(OFFICE, { email: ADMIN.email, password: ADMIN.password });
        expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
      }
    });

    it('still ends repeated failures in 429 with Retry-After', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await signInFrom('198.51.100.21', { email: ADMIN.email, password: `nope-${i}` })).statusCode,
        );
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      const refused = await signInFrom('198.51.100.21', { email: ADMIN.email, password: ADMIN.password });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    });

    it('keeps a ceiling of 100 sign-in requests an hour per address against floods, whatever their outcome', async () => {
      const flood = '198.51.100.22';
      for (let i = 0; i < 100; i++) {
        const res = await signInFrom(flood, { email: 'not-an-email', password: 'x' });
        expect(res.statusCode, `request ${i + 1}`).toBe(400);
      }
      const res = await signInFrom(flood, { email: ADMIN.email, password: ADMIN.password });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      // Other addresses are not affected.
      expect(
        (await signInFrom('198.51.100.23', { email: ADMIN.email, password: ADMIN.password })).statusCode,
      ).toBe(200);
    });
  },
);
