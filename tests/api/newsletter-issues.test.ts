import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blogPosts } from '../../src/server/domains/blog/tables';
import { newsletterSubscriptions } from '../../src/server/domains/newsletter/tables';
import { createMailer } from '../../src/server/platform/mail/mailer';
import { eq, sql } from 'drizzle-orm';
import { JOB_SCHEMA } from '../../src/server/platform/jobs/queue';
import { NEWSLETTER_QUEUE } from '../../src/server/domains/newsletter/index';
import { rowsOf } from '../../src/server/platform/db/rows';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { ukWallClock } from '../../src/shared/uk-time';

// Newsletter issues through the REST API, sent by the job queue's workers through a real SMTP
// server on 127.0.0.1: composing, the e-mail itself, exactly one copy per confirmed subscriber,
// bounces, temporary refusals, one-click unsubscribe, pause and resume, scheduling, the archive.

let t: TestApp;
let smtp: SmtpSink;
let auth: { authorization: string };
let keyCount = 0;

/** An answer's JSON, read loosely: the response checker has validated it against openapi.json. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const body =
  '<h2>Spring news</h2><p>Hello <strong>Hertford</strong>!</p><img src="/uploads/abc.webp" alt="Market">';

async function api(method: string, url: string, payload?: unknown, extra: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    payload: payload as Record<string, unknown>,
    headers: { ...auth, ...extra },
  });
  return {
    status: res.statusCode,
    json: res.body ? (JSON.parse(res.body) as Json) : null,
    res,
  };
}
const post = (url: string, payload?: unknown) =>
  api('POST', url, payload ?? {}, { 'idempotency-key': `k-${++keyCount}-${Date.now()}` });

async function addSubscribers(emails: string[], confirmed = true) {
  const now = new Date(Date.now() - 60_000);
  await t.deps.db
    .insert(newsletterSubscriptions)
    .values(
      emails.map((email) => ({ email, confirmedAt: confirmed ? now : null, createdAt: now, updatedAt: now })),
    );
}

/** Runs send slices until the issue has nothing queued (each slice is what a worker runs). */
async function sendAll(id: number, rounds = 30) {
  for (let i = 0; i < rounds; i++) {
    await t.deps.jobs.runDue([NEWSLETTER_QUEUE]);
    const { json } = await api('GET', `/admin/newsletter/issues/${id}/progress`);
    if (json!.status !== 'sending') return json!;
    await new Promise((r) => setTimeout(r, 300));
  }
  return (await api('GET', `/admin/newsletter/issues/${id}/progress`)).json!;
}

const copiesTo = (email: string, issueId: number) =>
  smtp.accepted.filter((m) => m.to === email && m.messageId?.includes(`newsletter-${issueId}-`));

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await buildTestApp({
    seed: false,
    outbox: 'manual',
    env: {
      NEWSLETTER_RATE_PER_MINUTE: '60000',
      NEWSLETTER_BATCH_SIZE: '50',
      NEWSLETTER_RETRY_SECONDS: '1',
      NEWSLETTER_MAX_ATTEMPTS: '3',
      NEWSLETTER_LEASE_SECONDS: '5',
    },
  });
  t.deps.mailer = createMailer({
    from: 'newsletter@hertslocalmedia.co.uk',
    smtpUrl: smtp.url,
    outboxDir: path.join(t.config.dataDir, 'outbox'),
  });
  ({ auth } = await signedInAdmin(t));
});

afterAll(async () => {
  t.deps.mailer.close?.();
  await t.close();
  await smtp.close();
});

describe('composing', () => {
  it('creates, updates and previews an issue as the e-mail mail programs get', async () => {
    const created = await post('/admin/newsletter/issues', {
      subject: 'Spring in Hertford',
      preheader: 'Markets',
      bodyHtml: body,
    });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ status: 'draft', subject: 'Spring in Hertford', total: 0 });
    const id = created.json!.id as number;
    const updated = await api('PATCH', `/admin/newsletter/issues/${id}`, {
      id,
      preheader: 'Markets and more',
    });
    expect(updated.json).toMatchObject({ preheader: 'Markets and more' });

    const preview = await api('POST', '/admin/newsletter/preview', {
      subject: 'Spring in Hertford',
      preheader: 'Markets and more',
      bodyHtml: body + '<script>alert(1)</script>',
    });
    expect(preview.status).toBe(200);
    const html = preview.json!.html as string;
    expect(html).toContain('<table');
    expect(html).toMatch(/max-width:600px/);
    expect(html).toContain(`src="${t.config.publicUrl}/uploads/abc.webp"`);
    expect(html).not.toContain('<script>alert');
    expect(html).toMatch(/<h2[^>]*style="[^"]*font-size/); // styles inlined
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).toContain('Markets and more');
    expect(preview.json!.text).toContain('Hello Hertford!');
    expect(preview.json!.text).toContain('Unsubscribe:');

    const bad = await api('POST', '/admin/newsletter/preview', { subject: '', bodyHtml: '' });
    expect(bad.status).toBe(400);
    expect(bad.json!.message).toBeTruthy();
    expect((await api('GET', '/admin/newsletter/issues/99999')).status).toBe(404);
  });

  it('never lets a script, style or iframe in the body reach the e-mail, and the sanitiser warns of nothing', async () => {
    const warn = vi.spyOn(console, 'warn');
    try {
      const hostile =
        '<p>Kept</p><script>alert(1)</script><style>p{color:red}</style>' +
        '<iframe src="https://evil.example/"></iframe><p onclick="steal()">Click</p>' +
        '<a href="javascript:alert(2)">js</a><img src="https://evil.example/x.png" alt="far">';
      const res = await api('POST', '/admin/newsletter/test-send', {
        to: 'hostile@example.co.uk',
        subject: 'Hostile body',
        bodyHtml: hostile,
      });
      expect(res.status).toBe(200);
      const got = smtp.accepted.find((m) => m.to === 'hostile@example.co.uk')!;
      const raw = got.raw.replace(/=\r?\n/g, '');
      expect(raw).toContain('Kept');
      for (const banned of [
        'alert(1)',
        'color:red',
        '<iframe',
        'evil.example',
        'onclick',
        'steal()',
        'javascript:',
      ]) {
        expect(raw, banned).not.toContain(banned);
      }
      const preview = await api('POST', '/admin/newsletter/preview', {
        subject: 'Hostile',
        bodyHtml: hostile,
      });
      expect(preview.json!.html).not.toMatch(/<script|<iframe|evil\.example|javascript:|onclick/);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('sends a test to the address typed, marked as a test', async () => {
    const res = await api('POST', '/admin/newsletter/test-send', {
      to: 'editor@example.co.uk',
      subject: 'Try me',
      bodyHtml: '<p>Test</p>',
    });
    expect(res.status).toBe(200);
    const got = smtp.accepted.find((m) => m.to === 'editor@example.co.uk');
    expect(got?.headers.subject).toBe('[Test] Try me');
  });

  it('refuses admin operations without a sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/newsletter/issues' });
    expect(res.statusCode).toBe(401);
  });
});

describe('sending', () => {
  let issueId: number;
  const confirmed = Array.from({ length: 25 }, (_, i) => `reader${i}@example.co.uk`);

  beforeAll(async () => {
    await addSubscribers(confirmed);
    await addSubscribers(['pending@example.co.uk'], false);
    smtp.bounce.add('reader3@example.co.uk');
    const created = await post('/admin/newsletter/issues', {
      subject: 'Issue one',
      preheader: '',
      bodyHtml: body,
    });
    issueId = created.json!.id as number;
  });

  it('sends exactly one copy to every confirmed subscriber, with one-click unsubscribe headers', async () => {
    const key = 'send-issue-one';
    const first = await api(
      'POST',
      `/admin/newsletter/issues/${issueId}/send`,
      {},
      { 'idempotency-key': key },
    );
    expect(first.status).toBe(200);
    expect(first.json!.status).toBe('sending');
    const again = await api(
      'POST',
      `/admin/newsletter/issues/${issueId}/send`,
      {},
      { 'idempotency-key': key },
    );
    expect(again.status).toBe(200);
    // Without the key, a repeat finds it sending and starts nothing.
    expect((await api('POST', `/admin/newsletter/issues/${issueId}/send`, {})).status).toBe(200);
    smtp.refuseNext(451, '4.7.1 Rate limit exceeded, slow down', 2);

    const done = await sendAll(issueId);
    expect(done).toMatchObject({ status: 'sent', total: 25, sent: 24, bounced: 1, failed: 0, remaining: 0 });
    for (const email of confirmed) {
      expect(copiesTo(email, issueId), email).toHaveLength(email === 'reader3@example.co.uk' ? 0 : 1);
    }
    expect(copiesTo('pending@example.co.uk', issueId)).toHaveLength(0);

    const copy = copiesTo('reader1@example.co.uk', issueId)[0]!;
    expect(copy.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/[^>]+\/api\/newsletter\/one-click-unsubscribe\?token=n\d+\.[\w-]{43}>, <mailto:[^>]+>$/,
    );
    expect(copy.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(copy.messageId).toMatch(new RegExp(`^<newsletter-${issueId}-\\d+@`));
    expect(copy.raw).toContain('multipart/alternative');
    // The view-in-browser link (quoted-printable: soft line breaks removed first).
    expect(copy.raw.replace(/=\r?\n/g, '')).toContain('/newsletter/issue-one"');
  });

  it('marks a 5xx address as bouncing, shows it to the admin and leaves it out of later sends', async () => {
    const recipients = await api('GET', `/admin/newsletter/issues/${issueId}/recipients?status=bounced`);
    expect(recipients.json!.items).toEqual([
      expect.objectContaining({
        email: 'reader3@example.co.uk',
        status: 'bounced',
        error: expect.stringContaining('550'),
      }),
    ]);
    const subs = await api('GET', '/admin/subscribers?q=reader3');
    expect(subs.json!.items[0]).toMatchObject({
      email: 'reader3@example.co.uk',
      bouncedAt: expect.any(String),
    });
    expect((await api('GET', '/admin/newsletter/audience')).json).toEqual({ recipients: 24 });
  });

  it('publishes the sent issue in the archive and the sitemap', async () => {
    const list = await api('GET', '/newsletter/archive');
    expect(list.json!.items).toEqual([expect.objectContaining({ subject: 'Issue one' })]);
    const slug = (list.json!.items[0] as { slug: string }).slug;
    const one = await api('GET', `/newsletter/archive/${slug}`);
    expect(one.json!.html).toContain('Hello <strong>Hertford</strong>');
    expect((await api('GET', '/newsletter/archive/no-such-issue')).status).toBe(404);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`/newsletter/${slug}`);
  });

  it('unsubscribes with one POST of the signed List-Unsubscribe address, and refuses a forged one', async () => {
    const copy = copiesTo('reader5@example.co.uk', issueId)[0]!;
    const url = /<(http[^>]+)>/.exec(copy.headers['list-unsubscribe']!)![1]!;
    const path_ = url.slice(url.indexOf('/api/'));
    const forged = path_.replace(/token=n\d+/, 'token=n1');
    const bad = await t.app.inject({
      method: 'POST',
      url: forged,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: path_,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.deps.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'reader5@example.co.uk'));
    expect(row).toBeUndefined();
    // The body's link works through the home page's unsubscribe call, once.
    const again = await api('POST', '/newsletter/unsubscribe', { token: /token=([^&]+)/.exec(path_)![1] });
    expect(again.status).toBe(404);
  });

  it('pauses and resumes a send, and a subscriber who leaves meanwhile gets nothing', async () => {
    const created = await post('/admin/newsletter/issues', { subject: 'Issue two', bodyHtml: '<p>Two</p>' });
    const id = created.json!.id as number;
    await api('POST', `/admin/newsletter/issues/${id}/send`, {}, { 'idempotency-key': 'two' });
    const paused = await api('POST', `/admin/newsletter/issues/${id}/pause`, { id });
    expect(paused.json!.status).toBe('paused');
    await t.deps.jobs.runDue([NEWSLETTER_QUEUE]);
    expect(smtp.accepted.filter((m) => m.messageId?.includes(`newsletter-${id}-`))).toHaveLength(0);
    // Erased while paused: their copy is skipped.
    const [gone] = await t.deps.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'reader7@example.co.uk'));
    expect((await api('DELETE', `/admin/subscribers/${gone!.id}`)).status).toBe(200);
    expect((await api('POST', `/admin/newsletter/issues/${id}/resume`, { id })).json!.status).toBe('sending');
    const done = await sendAll(id);
    // 25 less the bouncing one and the unsubscribed one; the erased one skipped.
    expect(done).toMatchObject({ status: 'sent', sent: 22, remaining: 0 });
    expect(copiesTo('reader7@example.co.uk', id)).toHaveLength(0);
    expect(copiesTo('reader5@example.co.uk', id)).toHaveLength(0);
    expect(copiesTo('reader3@example.co.uk', id)).toHaveLength(0);
    expect((await api('POST', `/admin/newsletter/issues/${id}/pause`, { id })).status).toBe(409);
  });

  it('retries failed recipients only', async () => {
    const created = await post('/admin/newsletter/issues', {
      subject: 'Issue three',
      bodyHtml: '<p>Three</p>',
    });
    const id = created.json!.id as number;
    // A mailbox busy for all three attempts (NEWSLETTER_MAX_ATTEMPTS): that copy fails; the others go.
    smtp.busy.add('reader9@example.co.uk');
    await api('POST', `/admin/newsletter/issues/${id}/send`, {}, { 'idempotency-key': 'three' });
    const done = await sendAll(id);
    expect(done).toMatchObject({ status: 'sent', failed: 1, sent: 21 });
    const failed = await api('GET', `/admin/newsletter/issues/${id}/recipients?status=failed`);
    expect(failed.json!.items).toEqual([
      expect.objectContaining({
        email: 'reader9@example.co.uk',
        attempts: 3,
        error: expect.stringContaining('450'),
      }),
    ]);
    smtp.busy.clear();
    const retried = await api('POST', `/admin/newsletter/issues/${id}/retry-failed`, { id });
    expect(retried.json).toEqual({ retried: 1 });
    const after = await sendAll(id);
    expect(after).toMatchObject({ status: 'sent', failed: 0, sent: 22 });
    const counts = new Map<string, number>();
    for (const m of smtp.accepted.filter((x) => x.messageId?.includes(`newsletter-${id}-`)))
      counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBe(22);
    expect((await api('POST', `/admin/newsletter/issues/${id}/retry-failed`, { id })).status).toBe(409);
  });
});

describe('scheduling', () => {
  it('schedules for a UK time, refuses the past and the spring-forward gap, and cancels', async () => {
    const created = await post('/admin/newsletter/issues', { subject: 'Later', bodyHtml: '<p>Later</p>' });
    const id = created.json!.id as number;
    const past = await api('POST', `/admin/newsletter/issues/${id}/schedule`, {
      id,
      date: '2020-01-01',
      time: '09:00',
    });
    expect(past.status).toBe(400);
    const gap = await api('POST', `/admin/newsletter/issues/${id}/schedule`, {
      id,
      date: '2099-03-29',
      time: '01:30',
    });
    expect(gap.status).toBe(400);
    const ok = await api('POST', `/admin/newsletter/issues/${id}/schedule`, {
      id,
      date: '2099-07-01',
      time: '09:00',
    });
    expect(ok.json).toMatchObject({ status: 'scheduled', scheduledAt: '2099-07-01T08:00:00.000Z' });
    const cancelled = await api('POST', `/admin/newsletter/issues/${id}/cancel-schedule`, { id });
    expect(cancelled.json).toMatchObject({ status: 'draft', scheduledAt: null });
    expect((await api('DELETE', `/admin/newsletter/issues/${id}`)).status).toBe(200);
  });

  it('sends now an issue that was scheduled for later, or whose schedule was cancelled', async () => {
    const later = { date: '2099-07-01', time: '09:00' };
    const scheduled = (await post('/admin/newsletter/issues', { subject: 'Early', bodyHtml: '<p>Early</p>' }))
      .json!.id as number;
    await api('POST', `/admin/newsletter/issues/${scheduled}/schedule`, { id: scheduled, ...later });
    await api('POST', `/admin/newsletter/issues/${scheduled}/send`, {}, { 'idempotency-key': 'early' });
    expect(await sendAll(scheduled)).toMatchObject({ status: 'sent', remaining: 0 });

    const cancelled = (await post('/admin/newsletter/issues', { subject: 'Changed', bodyHtml: '<p>Now</p>' }))
      .json!.id as number;
    await api('POST', `/admin/newsletter/issues/${cancelled}/schedule`, { id: cancelled, ...later });
    await api('POST', `/admin/newsletter/issues/${cancelled}/cancel-schedule`, { id: cancelled });
    await api('POST', `/admin/newsletter/issues/${cancelled}/send`, {}, { 'idempotency-key': 'changed' });
    const done = await sendAll(cancelled);
    expect(done).toMatchObject({ status: 'sent', remaining: 0 });
    expect(done.sent).toBeGreaterThan(0);
  });

  it('starts a schedule moved to a later time at that time, though its job was due at the first', async () => {
    const id = (await post('/admin/newsletter/issues', { subject: 'Moved', bodyHtml: '<p>Moved</p>' })).json!
      .id as number;
    await api('POST', `/admin/newsletter/issues/${id}/schedule`, { id, date: '2099-07-01', time: '09:00' });
    await api('POST', `/admin/newsletter/issues/${id}/schedule`, { id, date: '2099-08-01', time: '09:00' });
    // The job waiting since the first schedule reaches its time (moved to a second ago, as the clock
    // would: the queue takes jobs due before now(), which on PGlite counts whole milliseconds) and
    // runs: nothing goes, and the send waits for the new time.
    const job = sql`${sql.identifier(JOB_SCHEMA)}.job`;
    const ofIssue = sql`name = ${NEWSLETTER_QUEUE} and singleton_key = ${`issue-${id}`} and state = 'created'`;
    await t.deps.db.execute(
      sql`update ${job} set start_after = now() - interval '1 second' where ${ofIssue}`,
    );
    // One job a round: the other issues' due ones may come first.
    for (let round = 0; round < 50; round++) {
      const { done, failed } = await t.deps.jobs.runDue([NEWSLETTER_QUEUE]);
      if (done + failed === 0) break;
    }
    const waiting = rowsOf<{ start_after: string }>(
      await t.deps.db.execute(sql`select start_after::text from ${job} where ${ofIssue}`),
    );
    expect(waiting.map((j) => new Date(j.start_after).toISOString())).toEqual(['2099-08-01T08:00:00.000Z']);
    expect((await api('GET', `/admin/newsletter/issues/${id}`)).json).toMatchObject({ status: 'scheduled' });
  });
});

describe('issues made from posts', () => {
  let published: number;
  let scheduled: number;

  beforeAll(async () => {
    const [a, b] = await t.deps.db
      .insert(blogPosts)
      .values([
        {
          title: 'Hertford food festival',
          excerpt: 'Sixty stalls on Parliament Square',
          content: '<p>Sixty stalls.</p>',
          status: 'published',
          publishedAt: new Date(Date.now() - 3600_000),
        },
        {
          title: 'Next month in Ware',
          content: '<p>Soon.</p>',
          status: 'scheduled',
          publishedAt: new Date(Date.now() + 7 * 24 * 3600_000),
        },
      ])
      .returning({ id: blogPosts.id });
    published = a!.id;
    scheduled = b!.id;
  });

  it('refuses a post that is only scheduled', async () => {
    const res = await post('/admin/newsletter/issues/from-post', { postId: scheduled });
    expect(res.status).toBe(404);
    expect(res.json!.message).toBe('Only a published post can be sent as a newsletter');
  });

  it('answers the post’s unsent issue instead of making another, however often and however fast it is asked', async () => {
    const first = await post('/admin/newsletter/issues/from-post', { postId: published });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      status: 'draft',
      subject: 'Hertford food festival',
      postId: published,
      created: true,
    });
    const id = first.json!.id as number;
    const again = await Promise.all(
      Array.from({ length: 4 }, () => post('/admin/newsletter/issues/from-post', { postId: published })),
    );
    expect(again.map((r) => [r.status, r.json!.id, r.json!.created])).toEqual(
      Array.from({ length: 4 }, () => [200, id, false]),
    );
    const drafts = await api('GET', '/admin/newsletter/issues?status=draft&pageSize=100');
    expect(
      (drafts.json!.items as Array<{ subject: string }>).filter(
        (i) => i.subject === 'Hertford food festival',
      ),
    ).toHaveLength(1);

    // Scheduled, it is still unsent: asked again, the same issue.
    await api('POST', `/admin/newsletter/issues/${id}/schedule`, { id, date: '2099-07-01', time: '09:00' });
    const whileScheduled = await post('/admin/newsletter/issues/from-post', { postId: published });
    expect(whileScheduled.json).toMatchObject({ id, status: 'scheduled', created: false });

    // Once it is being sent, a new draft is made (to send the post again, on purpose).
    await api('POST', `/admin/newsletter/issues/${id}/send`, {}, { 'idempotency-key': 'festival' });
    const afterSend = await post('/admin/newsletter/issues/from-post', { postId: published });
    expect(afterSend.json).toMatchObject({ status: 'draft', postId: published, created: true });
    expect(afterSend.json!.id).not.toBe(id);
    expect(await sendAll(id)).toMatchObject({ status: 'sent' });
  });

  it('takes a scheduled post when asked, and its issue goes neither now nor before the post does', async () => {
    const res = await post('/admin/newsletter/issues/from-post', {
      postId: scheduled,
      acceptScheduled: true,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'draft', subject: 'Next month in Ware', postId: scheduled });
    expect(res.json!.bodyHtml).toMatch(
      new RegExp(`href="[^"]*/blog/${scheduled}"[^>]*>Read it on our website</a>`),
    );
    const id = res.json!.id as number;

    const now = await api(
      'POST',
      `/admin/newsletter/issues/${id}/send`,
      {},
      { 'idempotency-key': 'ware-now' },
    );
    expect(now.status).toBe(409);
    expect(now.json!.message).toMatch(
      /^This issue links to a post that goes out on \w+ \d+ \w+ \d{4} at \d\d:\d\d \(UK time\)/,
    );

    const [row] = await t.deps.db
      .select({ publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .where(eq(blogPosts.id, scheduled));
    const publishedAt = row!.publishedAt;
    const dayBefore = ukWallClock(new Date(publishedAt!.getTime() - 24 * 3600_000));
    const early = await api('POST', `/admin/newsletter/issues/${id}/schedule`, { id, ...dayBefore });
    expect(early.status).toBe(400);
    expect(early.json!.message).toMatch(/^This issue links to a post that goes out on/);
    const withPost = ukWallClock(new Date(Math.ceil(publishedAt!.getTime() / 60_000) * 60_000));
    const together = await api('POST', `/admin/newsletter/issues/${id}/schedule`, { id, ...withPost });
    expect(together.status).toBe(200);
    expect(together.json).toMatchObject({ status: 'scheduled' });
    expect((await api('GET', `/admin/newsletter/issues/${id}`)).json).toMatchObject({ status: 'scheduled' });
  });

  it('moves its scheduled issue along when the post is moved later, so the e-mail never goes first', async () => {
    const goesOut = new Date(Math.ceil((Date.now() + 3 * 24 * 3600_000) / 60_000) * 60_000);
    const [row] = await t.deps.db
      .insert(blogPosts)
      .values({
        title: 'Royston carol concert',
        content: '<p>Carols.</p>',
        status: 'scheduled',
        publishedAt: goesOut,
      })
      .returning({ id: blogPosts.id });
    const postId = row!.id;
    const made = await post('/admin/newsletter/issues/from-post', { postId, acceptScheduled: true });
    const id = made.json!.id as number;
    const scheduled = await api('POST', `/admin/newsletter/issues/${id}/schedule`, {
      id,
      ...ukWallClock(goesOut),
    });
    expect(scheduled.status).toBe(200);

    // The post is moved two days later; then the issue's first time comes (brought to now, as the
    // clock would) and its job runs.
    const later = new Date(goesOut.getTime() + 2 * 24 * 3600_000);
    await t.deps.db.update(blogPosts).set({ publishedAt: later }).where(eq(blogPosts.id, postId));
    const job = sql`${sql.identifier(JOB_SCHEMA)}.job`;
    const ofIssue = sql`name = ${NEWSLETTER_QUEUE} and singleton_key = ${`issue-${id}`} and state = 'created'`;
    await t.deps.db.execute(
      sql`update newsletter_issues set scheduled_at = now() - interval '1 minute' where id = ${id}`,
    );
    await t.deps.db.execute(
      sql`update ${job} set start_after = now() - interval '1 second' where ${ofIssue}`,
    );
    for (let round = 0; round < 50; round++) {
      const { done, failed } = await t.deps.jobs.runDue([NEWSLETTER_QUEUE]);
      if (done + failed === 0) break;
    }

    // Nothing went: the issue is scheduled for the post's new time, and its job waits for then.
    const issue = (await api('GET', `/admin/newsletter/issues/${id}`)).json!;
    expect(issue).toMatchObject({ status: 'scheduled' });
    expect(new Date(issue.scheduledAt as string).toISOString()).toBe(later.toISOString());
    const waiting = rowsOf<{ start_after: string }>(
      await t.deps.db.execute(sql`select start_after::text from ${job} where ${ofIssue}`),
    );
    expect(waiting.map((j) => new Date(j.start_after).toISOString())).toEqual([later.toISOString()]);
    expect((await api('GET', `/admin/newsletter/issues/${id}/progress`)).json).toMatchObject({ sent: 0 });
  });

  it('makes an e-mail only issue of a draft: no link to it, and the post stays off the blog', async () => {
    const [draft] = await t.deps.db
      .insert(blogPosts)
      .values({ title: 'Members only: Hitchin lavender', content: '<p>For readers.</p>', status: 'draft' })
      .returning({ id: blogPosts.id });
    const refused = await post('/admin/newsletter/issues/from-post', { postId: draft!.id });
    expect(refused.status).toBe(404);
    const res = await post('/admin/newsletter/issues/from-post', { postId: draft!.id, emailOnly: true });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'draft',
      subject: 'Members only: Hitchin lavender',
      created: true,
    });
    expect(res.json!.bodyHtml).toContain('For readers.');
    expect(res.json!.bodyHtml).not.toContain('Read it on our website');
    const id = res.json!.id as number;
    const sent = await api(
      'POST',
      `/admin/newsletter/issues/${id}/send`,
      {},
      { 'idempotency-key': 'lavender' },
    );
    expect(sent.status).toBe(200);
    expect(await sendAll(id)).toMatchObject({ status: 'sent' });
    expect((await api('GET', `/blog/${draft!.id}`)).status).toBe(404);

    const missing = await post('/admin/newsletter/issues/from-post', { postId: 2_000_000, emailOnly: true });
    expect(missing.status).toBe(404);
    expect(missing.json!.message).toBe('Only a published post can be sent as a newsletter');
  });
});

describe('archive addresses', () => {
  it("make an issue's address as a post's: accents folded, apostrophes dropped, a number only when taken (issue 46)", async () => {
    const slugOfSent = async (subject: string, key: string) => {
      const id = (await post('/admin/newsletter/issues', { subject, bodyHtml: '<p>Hello</p>' })).json!
        .id as number;
      await api('POST', `/admin/newsletter/issues/${id}/send`, {}, { 'idempotency-key': key });
      expect(await sendAll(id)).toMatchObject({ status: 'sent' });
      return (await api('GET', `/admin/newsletter/issues/${id}`)).json!.slug as string;
    };
    expect(await slugOfSent("Cafés of Bishop's Stortford", 'cafes-1')).toBe('cafes-of-bishops-stortford');
    expect(await slugOfSent("Cafés of Bishop's Stortford", 'cafes-2')).toBe('cafes-of-bishops-stortford-2');
  });
});

describe('the archive while a send runs', () => {
  it('shows an issue from its first delivered copy on, and never one nobody has been sent', async () => {
    const created = await post('/admin/newsletter/issues', {
      subject: 'Half way there',
      bodyHtml: '<p>Read me early</p>',
    });
    const id = created.json!.id as number;
    const later = await post('/admin/newsletter/issues', { subject: 'Not yet', bodyHtml: '<p>Later</p>' });
    const laterId = later.json!.id as number;
    await api('POST', `/admin/newsletter/issues/${laterId}/schedule`, {
      id: laterId,
      date: '2099-07-01',
      time: '09:00',
    });
    const archived = async () =>
      ((await api('GET', '/newsletter/archive?pageSize=50')).json!.items as Array<{ subject: string }>).map(
        (i) => i.subject,
      );

    await api('POST', `/admin/newsletter/issues/${id}/send`, {}, { 'idempotency-key': 'half-way' });
    const slug = (await api('GET', `/admin/newsletter/issues/${id}`)).json!.slug as string;
    expect(slug).toBe('half-way-there');
    // Started, but no copy has gone yet: not public.
    expect((await api('GET', `/newsletter/archive/${slug}`)).status).toBe(404);
    expect(await archived()).not.toContain('Half way there');

    // A reader who got the first copy opens "view in browser" while the second is with the mail server.
    let during: Json | null = null;
    smtp.holdNext((_first, releaseFirst) => {
      smtp.holdNext((_second, releaseSecond) => {
        void (async () => {
          const page = await api('GET', `/newsletter/archive/${slug}`);
          const progress = await api('GET', `/admin/newsletter/issues/${id}/progress`);
          during = {
            page: page.status,
            html: page.json!.html,
            sentAt: page.json!.sentAt,
            listed: (await archived()).includes('Half way there'),
            status: progress.json!.status,
            sent: progress.json!.sent,
          };
          releaseSecond(true);
        })();
      });
      releaseFirst(true);
    });
    expect(await sendAll(id)).toMatchObject({ status: 'sent' });
    expect(during).toEqual({
      page: 200,
      html: expect.stringContaining('Read me early'),
      sentAt: expect.any(String),
      listed: true,
      status: 'sending',
      sent: 1,
    });

    // A draft and a scheduled issue have no public page and are not listed.
    const titles = await archived();
    expect(titles).toContain('Half way there');
    expect(titles).not.toContain('Not yet');
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`/newsletter/${slug}`);
  });
});
