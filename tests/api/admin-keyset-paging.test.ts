import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app';
import { signedInAdmin } from '../helpers/admin';
import { scaled } from '../helpers/timeouts';

// Issue 47.4: the admin's long lists read by position. Following nextCursor from the first page to
// the last, and prevCursor back again, shows exactly the pages `page=N` shows (the offset, as every
// old address and REST client asks), with and without filters, on a few hundred rows of which
// three at a time share a timestamp to the microsecond. A cursor altered or from another list is a
// 400 in the one error shape, never a 500.

let t: TestApp;
let auth: { authorization: string };
let issueId: number;
const ROWS = 230;

/** Three rows to each time (ids order them), with microseconds a millisecond Date would lose. */
const SHARED_TIME = sql`timestamptz '2026-03-01 08:00:00.123456+00' + ((i / 3) || ' minutes')::interval`;

beforeAll(async () => {
  t = await buildTestApp({ seed: false });
  ({ auth } = await signedInAdmin(t, {
    name: 'Cam Cursor',
    email: 'cam@hertslocalmedia.co.uk',
    password: 'Tring-Reservoir-Heron-41',
  }));
  const db = t.deps.db;
  await db.execute(sql`
    insert into newsletter_subscriptions (email, newsletter, confirmed_at, created_at)
    select 'reader' || i || '@example.co.uk', 'general',
           case when i % 3 = 1 then ${SHARED_TIME} end, ${SHARED_TIME}
    from generate_series(1, ${ROWS}) as i`);
  await db.execute(sql`
    insert into contact_messages (name, email, subject, message, type, status, created_at)
    select 'Writer ' || i, 'writer' || i || '@example.co.uk', 'Subject ' || i, 'Message ' || i,
           (array['advertising','workshop_reservation'])[1 + i % 2], (array['new','replied','archived'])[1 + i % 3],
           ${SHARED_TIME}
    from generate_series(1, ${ROWS}) as i`);
  await db.execute(sql`
    insert into activity_log (at, kind, actor, action, summary)
    select ${SHARED_TIME}, (array['change','sign_in'])[1 + i % 2], 'Someone <s@example.co.uk>', 'x.y', 'Entry ' || i
    from generate_series(1, ${ROWS}) as i`);
  await db.execute(sql`
    insert into workshop_reservations (status, parent_name, parent_email, created_at)
    select (array['interest','cancelled'])[1 + i % 2], 'Parent ' || i, 'parent' || i || '@example.co.uk', ${SHARED_TIME}
    from generate_series(1, ${ROWS}) as i`);
  await db.execute(sql`
    insert into academy_subscriptions (plan, status, created_at)
    select (array['explorer','innovator'])[1 + i % 2], (array['active','canceled','past_due'])[1 + i % 3], ${SHARED_TIME}
    from generate_series(1, ${ROWS}) as i`);
  // Posts straight into the table: drafts, published and scheduled in turn (the status filters read
  // published_at), created three to a microsecond.
  await db.execute(sql`
    insert into blog_posts (title, excerpt, content, category, slug, status, published_at, created_at, updated_at)
    select 'Post ' || i, 'About part ' || i, '<p>Text</p>', 'Local', 'post-' || i,
           case when i % 3 = 0 then 'draft' else 'published' end,
           case i % 3 when 1 then ${SHARED_TIME} when 2 then now() + interval '30 days' end,
           ${SHARED_TIME}, ${SHARED_TIME}
    from generate_series(1, ${ROWS}) as i`);
  const issue = (await db.execute(sql`
    insert into newsletter_issues (subject, body_html, status) values ('Spring', '<p>Hello</p>', 'sent')
    returning id`)) as unknown as { rows: Array<{ id: number }> };
  issueId = Number(issue.rows[0]!.id);
  await db.execute(sql`
    insert into newsletter_recipients (issue_id, subscriber_id, email, status)
    select ${issueId}, s.id, s.email, (array['sent','failed'])[1 + s.id % 2] from newsletter_subscriptions s`);
}, scaled(120_000));
afterAll(async () => {
  await t?.close();
});

interface Answer {
  items: Array<{ id: number }>;
  total: number;
  page: number;
  pageSize: number;
  nextCursor?: string;
  prevCursor?: string;
}

async function read(url: string): Promise<Answer> {
  const res = await t.app.inject({ method: 'GET', url, headers: auth });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as Answer;
}

const ids = (answer: Answer) => answer.items.map((item) => item.id);

/**
 * Every page by offset (page=N), then the same pages by following the cursors forwards from the
 * first and backwards from the last: the same ids on each, and no cursor past either end.
 */
async function expectCursorsMatchOffset(list: string, pageSize: number): Promise<number> {
  const url = (extra: string) => `${list}${list.includes('?') ? '&' : '?'}pageSize=${pageSize}&${extra}`;
  const first = await read(url('page=1'));
  const pages = Math.ceil(first.total / pageSize);
  expect(pages, list).toBeGreaterThan(3);
  const byOffset: number[][] = [ids(first)];
  for (let page = 2; page <= pages; page++) byOffset.push(ids(await read(url(`page=${page}`))));
  expect(byOffset.flat().length, list).toBe(first.total);
  expect(new Set(byOffset.flat()).size, list).toBe(first.total);

  expect(first.prevCursor, 'no page before the first').toBeUndefined();
  let answer = first;
  for (let page = 2; page <= pages; page++) {
    answer = await read(url(`page=${page}&after=${answer.nextCursor!}`));
    expect({ page, ids: ids(answer), total: answer.total, echoed: answer.page }).toEqual({
      page,
      ids: byOffset[page - 1],
      total: first.total,
      echoed: page,
    });
  }
  expect(answer.nextCursor, 'no page after the last').toBeUndefined();
  for (let page = pages - 1; page >= 1; page--) {
    answer = await read(url(`page=${page}&before=${answer.prevCursor!}`));
    expect({ page, ids: ids(answer) }).toEqual({ page, ids: byOffset[page - 1] });
  }
  expect(answer.prevCursor, 'back at the first page').toBeUndefined();

  // A page reached by its number (an old address) gives cursors that go on from it.
  const middle = await read(url('page=3'));
  expect(ids(await read(url(`page=4&after=${middle.nextCursor!}`)))).toEqual(byOffset[3]);
  expect(ids(await read(url(`page=2&before=${middle.prevCursor!}`)))).toEqual(byOffset[1]);
  return pages;
}

describe('an admin list read by cursors shows what page=N shows (issue 47.4)', () => {
  it('subscribers, whole and filtered', async () => {
    expect(await expectCursorsMatchOffset('/api/admin/subscribers', 20)).toBe(Math.ceil(ROWS / 20));
    await expectCursorsMatchOffset('/api/admin/subscribers?status=confirmed', 7);
    await expectCursorsMatchOffset('/api/admin/subscribers?status=pending&q=reader1', 6);
  });

  it('the contact inbox, whole and by type and status', async () => {
    await expectCursorsMatchOffset('/api/admin/enquiries', 25);
    await expectCursorsMatchOffset('/api/admin/enquiries?type=workshop_reservation&status=new', 5);
  });

  it('the activity log, whole and of one kind', async () => {
    await expectCursorsMatchOffset('/api/admin/activity', 50);
    await expectCursorsMatchOffset('/api/admin/activity?kind=sign_in', 11);
  });

  it('reservations and academy subscriptions', async () => {
    await expectCursorsMatchOffset('/api/admin/academy/reservations?status=interest', 9);
    await expectCursorsMatchOffset('/api/admin/academy/subscriptions', 30);
    await expectCursorsMatchOffset('/api/admin/academy/subscriptions?plan=innovator&status=active', 4);
  });

  it("an issue's recipients, whole and by status", async () => {
    await expectCursorsMatchOffset(`/api/admin/newsletter/issues/${issueId}/recipients`, 40);
    await expectCursorsMatchOffset(`/api/admin/newsletter/issues/${issueId}/recipients?status=failed`, 13);
  });

  it("the blog's posts, whole, by status and searched", async () => {
    await expectCursorsMatchOffset('/api/admin/blogs/summaries', 20);
    await expectCursorsMatchOffset('/api/admin/blogs/summaries?status=draft', 8);
    await expectCursorsMatchOffset('/api/admin/blogs/summaries?status=scheduled&q=part%201', 5);
  });

  it('a new subscriber does not shift the pages a cursor reads', async () => {
    const first = await read('/api/admin/subscribers?pageSize=10');
    const second = await read(`/api/admin/subscribers?pageSize=10&page=2&after=${first.nextCursor!}`);
    await t.deps.db.execute(sql`
      insert into newsletter_subscriptions (email, newsletter, created_at)
      values ('newest@example.co.uk', 'general', now())`);
    const again = await read(`/api/admin/subscribers?pageSize=10&page=2&after=${first.nextCursor!}`);
    expect(ids(again)).toEqual(ids(second));
    expect(again.total).toBe(second.total + 1);
    await t.deps.db.execute(sql`delete from newsletter_subscriptions where email = 'newest@example.co.uk'`);
  });
});

describe('a cursor the list did not give is a 400, never a 500', () => {
  const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
  const bad: Array<[string, string]> = [
    ['not base64url', 'after=abc%2Fdef'],
    ['not JSON', `after=${base64url('hello')}`],
    ['the wrong shape', `after=${base64url('{"at":1}')}`],
    ['too few parts', `before=${base64url('["2026-03-01T08:00:00.123456Z"]')}`],
    ['not a date', `after=${base64url('["2026-02-30T08:00:00.000000Z",5]')}`],
    ['a time without its zone', `after=${base64url('["2026-03-01 08:00:00",5]')}`],
    ['an id past the column', `after=${base64url('["2026-03-01T08:00:00.000000Z",99999999999]')}`],
    ['a recipient cursor (one number)', `after=${base64url('[5]')}`],
    [
      'both ways at once',
      `after=${base64url('["2026-03-01T08:00:00.000000Z",5]')}&before=${base64url('["2026-03-01T08:00:00.000000Z",9]')}`,
    ],
    ['too long', `after=${'A'.repeat(500)}`],
  ];
  it.each(bad)('%s', async (_name, query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/subscribers?${query}`, headers: auth });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { message: string; code: string };
    expect(body.code).toBe('BAD_REQUEST');
    expect(typeof body.message).toBe('string');
    expect(body.message).not.toMatch(/sql|syntax|postgres|timestamp/i);
  });

  it("a subscriber's cursor given to the recipients list (a number where a time was) is a 400 too", async () => {
    const page = await read('/api/admin/subscribers?pageSize=5');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/newsletter/issues/${issueId}/recipients?after=${page.nextCursor!}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});
