import path from 'node:path';
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser as PlaywrightBrowser,
} from '@playwright/test';
import type { Page } from 'puppeteer-core';
import { ROUTES } from '../../../src/shared/routes';
import { ADMIN_ACCOUNT, visualDataDir } from '../../../playwright.config';
import { addLongRows } from './admin-data';
import { signInInPage, waitForText } from './cross-browser';
import { acceptedMail, confirmedSubscriber } from './newsletter-mail';
import { findListsInTheWrongLayout } from './page-checks';

// Every route of the one route table (src/shared/routes.ts) as the pages a test opens: the
// screenshot comparisons, the overflow test and the icon check all walk this list. A route added
// to the table without views here fails to compile, so no page escapes the checks.

export interface View {
  /** A file-name-safe name, e.g. 'admin-enquiries'. */
  name: string;
  path: string;
  /** Needs a signed-in admin. */
  signedIn?: boolean;
  /** The admin section tab to open, by its label. */
  adminTab?: string;
  /** Text that shows once the page is ready (data loaded); for an admin section, its first heading. */
  ready: string;
  /** Leave out of the screenshot comparisons (a page that moves on by itself). */
  noScreenshot?: boolean;
  /**
   * A long page: its screenshots are the first screen plus these parts (CSS selectors), instead of
   * the whole page, to keep the committed baselines small. Overflow and icon checks still cover
   * the whole page.
   */
  parts?: string[];
  /** What to do once the view is ready, before its screenshot (choose a period, apply a filter). */
  prepare?: (page: Page) => Promise<void>;
}

export const ADMIN_TABS = [
  'Blog Posts',
  'Tags',
  'Enquiries',
  'Subscribers',
  'Newsletter issues',
  'Academy',
  'Staff',
  'Site content',
  'Podcasts',
  'Business details',
  'Analytics',
  'Activity',
  'Jobs',
  'Your profile',
] as const;

/** The seeded post the blog-post views open (a fresh install has it; see src/server/domains/blog/seed.ts). */
export const SEEDED_POST_TITLE = 'Five ways to get your shop noticed on a Hertfordshire high street';

/** What the views open by id or address, made by prepareViews on the screenshot server. */
export interface PreparedViews {
  /** A published post. */
  postId: number;
  /** Newsletter issues (the screenshot server's only): one being written, one paused part way, one sent. */
  issues?: { draft: number; paused: number; sentSlug: string };
  /** A draft post (the screenshot server's only), for the publish flow's dialog. */
  draftPostId?: number;
  /** An open invitation's token (the screenshot server's only), for the join page. */
  joinToken?: string;
}

const adminSection = (tab: (typeof ADMIN_TABS)[number], ready: string): View => ({
  name: `admin-${tab.split(' ')[0]!.toLowerCase()}`,
  path: ROUTES.admin,
  signedIn: true,
  adminTab: tab,
  ready,
});

/** The views of each route; those of a newsletter issue only where `issues` were made. */
export function viewsByRoute({
  postId,
  issues,
  draftPostId,
  joinToken,
}: PreparedViews): Record<keyof typeof ROUTES, View[]> & { notFound: View[] } {
  const issueScreen = (id: number) => `${ROUTES.admin}?section=newsletter&issue=${id}`;
  return {
    home: [
      {
        name: 'home',
        path: ROUTES.home,
        ready: 'Get Started Today',
        parts: ['#advertising', '#newsletters', '#podcasts', '#contact'],
      },
    ],
    admin: [
      adminSection('Blog Posts', 'Blog posts'),
      // The editor of a post, its settings panel open beside (or, on a phone, below) the text.
      {
        name: 'admin-blog-editor',
        path: `${ROUTES.admin}?section=blog&post=${postId}`,
        signedIn: true,
        ready: 'Post settings',
      },
      // Its settings panel with Search and sharing open: the search result and the social cards.
      {
        name: 'admin-blog-editor-sharing',
        path: `${ROUTES.admin}?section=blog&post=${postId}`,
        signedIn: true,
        ready: 'Post settings',
        prepare: openSearchAndSharing,
        parts: ['aside[aria-label="Post settings"]'],
      },
      // The publish flow's first step, for a draft: publish, publish and e-mail, or e-mail only.
      ...(draftPostId
        ? [
            {
              name: 'admin-blog-publish',
              path: `${ROUTES.admin}?section=blog&post=${draftPostId}`,
              signedIn: true,
              ready: 'Post settings',
              prepare: openPublishDialog,
              parts: [],
            },
          ]
        : []),
      adminSection('Tags', 'Tags'),
      adminSection('Enquiries', 'Enquiries'),
      adminSection('Subscribers', 'Newsletter subscribers'),
      adminSection('Newsletter issues', 'Newsletter issues'),
      ...(issues
        ? [
            // The composer with a long issue in it, then its preview (a phone's width on a phone).
            {
              name: 'admin-newsletter-composer',
              path: issueScreen(issues.draft),
              signedIn: true,
              ready: 'Preview line',
            },
            {
              name: 'admin-newsletter-preview',
              path: issueScreen(issues.draft),
              signedIn: true,
              ready: 'Preview line',
              prepare: openEmailPreview,
              // The dialog, on the first screen: the composer behind it is the view above.
              parts: [],
            },
            // A send part way: its figures, and the list of who has had it and who is waiting.
            {
              name: 'admin-newsletter-paused',
              path: issueScreen(issues.paused),
              signedIn: true,
              ready: 'Paused: nothing more is sent until you resume.',
            },
          ]
        : []),
      adminSection('Academy', 'Free workshop sessions'),
      adminSection('Staff', 'Invite someone'),
      adminSection('Site content', 'Advertising services'),
      adminSection('Podcasts', 'Podcast feed'),
      adminSection('Business details', 'Business details'),
      // Its rows are this run's own sign-ins and changes, which differ with what ran before it.
      { ...adminSection('Activity', 'Activity'), noScreenshot: true },
      adminSection('Jobs', 'Failed jobs'),
      { ...adminSection('Your profile', 'Your profile'), name: 'admin-profile' },
      // The dashboard at each period, filtered to the readers prepareViews counted (their figures
      // alone: the walk's own views in Firefox are counted too).
      ...ANALYTICS_PERIODS.map((period) => ({
        name: `admin-analytics-${period}`,
        path: `${ROUTES.admin}?section=analytics`,
        signedIn: true,
        ready: 'Visitors and page views',
        prepare: (page: Page) => filterDashboard(page, period),
      })),
      // Signed out it shows Access Denied and then moves to the homepage after 1 s.
      { name: 'admin-signed-out', path: ROUTES.admin, ready: 'Access Denied', noScreenshot: true },
    ],
    adminSimple: [
      {
        name: 'admin-simple',
        path: ROUTES.adminSimple,
        signedIn: true,
        ready: 'Blog posts',
        noScreenshot: true,
      },
    ],
    login: [{ name: 'login', path: ROUTES.login, ready: 'Forgot your password?' }],
    forgotPassword: [{ name: 'forgot-password', path: ROUTES.forgotPassword, ready: 'Back to Login' }],
    join: [
      { name: 'join-no-token', path: ROUTES.join, ready: 'This invitation no longer works' },
      ...(joinToken
        ? [
            {
              name: 'join',
              path: `${ROUTES.join}?token=${joinToken}`,
              ready: 'Join the Herts Local Media team',
            },
          ]
        : []),
    ],
    resetPassword: [
      { name: 'reset-password-no-token', path: ROUTES.resetPassword, ready: 'Invalid Reset Link' },
      {
        name: 'reset-password',
        path: `${ROUTES.resetPassword}?token=visual-test-token`,
        ready: 'Confirm new password',
      },
    ],
    privacyPolicy: [
      { name: 'privacy-policy', path: ROUTES.privacyPolicy, ready: 'Privacy Policy', parts: [] },
    ],
    termsConditions: [
      { name: 'terms-conditions', path: ROUTES.termsConditions, ready: 'Terms & Conditions', parts: [] },
    ],
    // Any post's card: on the shared test server, other tests' posts push the seeded ones off page 1.
    blog: [{ name: 'blog', path: ROUTES.blog, ready: 'Read More' }],
    // By its number: the page answers with a 301 to the post's words address, as old links do.
    blogPost: [
      { name: 'blog-post', path: `/blog/${postId}`, ready: 'Herts Local Media Team', parts: ['footer'] },
    ],
    // The seeded posts' categories became their first tags.
    blogTag: [{ name: 'blog-tag', path: '/blog/tag/marketing-tips', ready: SEEDED_POST_TITLE }],
    // The seeded posts name nobody, so they are the owner's (the first admin, the tests' own); other
    // tests add posts of theirs, so the seeded one may be on a later page.
    author: [{ name: 'author', path: '/author/edith-admin', ready: 'RSS feed of Edith Admin’s posts' }],
    blogSearch: [
      { name: 'blog-search', path: '/search?q=hertfordshire', ready: 'posts match' },
      { name: 'blog-search-empty', path: '/search', ready: 'Type a word or two' },
    ],
    academy: [
      {
        name: 'academy',
        path: ROUTES.academy,
        ready: 'Reserve Your Free Workshop',
        parts: ['#pricing', '#free-workshop'],
      },
    ],
    subscribe: [
      { name: 'subscribe', path: `${ROUTES.subscribe}?plan=innovator`, ready: 'Your checkout is ready!' },
    ],
    subscriptionSuccess: [
      {
        name: 'subscription-success',
        path: `${ROUTES.subscriptionSuccess}?plan=innovator`,
        ready: 'AI Innovator',
      },
    ],
    // Without a token the page needs no server answer: its 'not valid' state, the same every time.
    manageSubscription: [
      { name: 'manage-subscription', path: ROUTES.manageSubscription, ready: 'This link is not valid' },
    ],
    // The screenshot server's sent issue and the one paused part way; elsewhere, an empty archive.
    newsletterArchive: [
      {
        name: 'newsletter-archive',
        path: ROUTES.newsletterArchive,
        ready: issues ? SENT_ISSUE.subject : 'No issues yet',
      },
    ],
    newsletterIssue: [
      ...(issues
        ? [
            {
              name: 'newsletter-issue',
              path: `${ROUTES.newsletterArchive}/${issues.sentSlug}`,
              ready: 'Where to go this month',
            },
          ]
        : []),
      {
        name: 'newsletter-issue-missing',
        path: `${ROUTES.newsletterArchive}/no-such-issue`,
        ready: 'Issue not found',
      },
    ],
    notFound: [{ name: 'not-found', path: '/no-such-page', ready: '404 Page Not Found' }],
  };
}

export function allViews(prepared: PreparedViews): View[] {
  return Object.values(viewsByRoute(prepared)).flat();
}

const ANALYTICS_PERIODS = ['today', '7d', '30d', '12mo'] as const;
/** The source of the readers the dashboard's views are filtered to. */
const VISUAL_SOURCE = 'visual-readers';
/** Their browsers: made-up versions, so no browser of the walk is taken for one of them. */
const VISUAL_READERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
];

/** Three readers from VISUAL_SOURCE, each reading a page more than the one before. */
async function countVisualReaders(baseURL: string) {
  const pages = [`/?utm_source=${VISUAL_SOURCE}`, '/blog', '/sparkai-academy'];
  for (const [i, ua] of VISUAL_READERS.entries()) {
    const reader = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'user-agent': ua } });
    for (const u of pages.slice(0, i + 1))
      await reader.post('/api/analytics/view', {
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        data: JSON.stringify({ u, w: 1366 }),
      });
    await reader.dispose();
  }
}

/** The dashboard at a period, filtered by VISUAL_SOURCE's row, once every card has its figures. */
async function filterDashboard(page: Page, period: (typeof ANALYTICS_PERIODS)[number]) {
  await page.select('[data-testid="analytics"] select', period);
  const row = `[data-testid="analytics-sources-row"] button[title="Show only ${VISUAL_SOURCE}"]`;
  await page.waitForSelector(row);
  await page.$eval(row, (b) => (b as HTMLButtonElement).click());
  await page.waitForFunction(
    (source) =>
      document.querySelector('[data-testid="analytics-filter"]')?.textContent?.includes(source) &&
      document.querySelectorAll('[data-testid="analytics-sources-row"]').length === 1 &&
      document.querySelectorAll('[data-testid="analytics-pages-row"]').length === 3 &&
      !document.querySelector('[aria-busy="true"]'),
    { polling: 100 },
    VISUAL_SOURCE,
  );
}

/** The post settings' Search and sharing, opened. */
async function openSearchAndSharing(page: Page) {
  await page.$$eval('summary', (summaries) =>
    (summaries.find((s) => s.textContent?.includes('Search and sharing')) as HTMLElement).click(),
  );
  await page.waitForSelector('[data-testid="search-preview"]', { visible: true });
}

/** The editor's Publish... dialog, once it has counted the subscribers. */
async function openPublishDialog(page: Page) {
  // Once the post has arrived: the editor's buttons are disabled while it loads, and a click on
  // one then does nothing (CI once clicked it too soon and waited for a dialog that never came).
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('main button')).some(
        (b) => b.textContent?.trim() === 'Publish...' && !(b as HTMLButtonElement).matches(':disabled'),
      ),
    { polling: 100 },
  );
  await page.$$eval('main button', (buttons) =>
    (buttons.find((b) => b.textContent?.trim() === 'Publish...') as HTMLButtonElement).click(),
  );
  await page.waitForSelector('[role="dialog"]');
  await waitForText(page, 'Publish and e-mail');
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** The composer's Preview, once the e-mail is drawn in its frame. */
async function openEmailPreview(page: Page) {
  await page.$$eval('main button', (buttons) =>
    (buttons.find((b) => b.textContent?.trim() === 'Preview') as HTMLButtonElement).click(),
  );
  await page.waitForSelector('[data-testid="email-preview"]');
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Long-form text with the parts an issue has: headings, paragraphs, a list, a link, a quotation. */
const LONG_BODY = [
  '<p>December in Hertfordshire means lights on the high streets, markets in the squares and cafés that stay open late. Here is what our readers told us about, town by town, with the dates to put in the diary.</p>',
  '<h2>Where to go this month</h2>',
  '<p>St Albans Christmas Market returns to the Cathedral precinct from 28 November, with more than seventy stalls of local makers. Come early on a weekday: Saturdays are busy from eleven.</p>',
  "<ul><li>Hitchin Lavender's winter fair, 6 and 7 December</li><li>Berkhamsted's late-night shopping, every Thursday until Christmas</li><li>Ware's lantern walk along the Lee Navigation, 13 December at 4.30pm</li></ul>",
  '<h3>For families</h3>',
  "<p>Harpenden Library reads winter stories on Saturday mornings, free and without booking. Bishop's Stortford's ice rink opens on the Castle Gardens lawn, and school groups get a quiet hour on weekday mornings.</p>",
  '<blockquote><p>“We doubled our December orders after a single mention here.” A bakery owner in Tring</p></blockquote>',
  '<p>Have something on in your town? <a href="https://hertslocalmedia.co.uk/#contact">Tell us about it</a> and we will share it in the next issue.</p>',
].join('');

/** The issue the archive views show: sent before anybody had subscribed, so its send finishes at once. */
const SENT_ISSUE = {
  subject: 'Cafés, canals and a Christmas market: Hertfordshire this December',
  preheader: 'Lights, markets and late opening in twelve towns, with the dates for your diary.',
  bodyHtml: LONG_BODY,
};
/** The issue paused part way, to three subscribers at one copy a minute (the screenshot server's pace). */
const PAUSED_ISSUE = {
  subject: 'Your town this week: markets, roadworks and a new café in Hitchin',
  preheader: 'Five minutes of local news, every Friday.',
  bodyHtml: LONG_BODY,
};
/** The issue being written, the composer's view: a subject as long as people write them. */
const DRAFT_ISSUE = {
  subject:
    'The Hertfordshire Christmas guide: forty independent shops, twelve markets and every late-night opening from Royston to Rickmansworth',
  preheader:
    'Everything local for December in one place, with the bus times, the parking and the places that deliver.',
  bodyHtml: LONG_BODY,
};
const VISUAL_SUBSCRIBERS = [
  'ruth.reader@example.co.uk',
  'sam.subscriber@example.co.uk',
  'tom.townsend@example.co.uk',
];

/**
 * The three newsletter issues the views open, made once per server (found again by their subjects
 * after a worker restart): the sent one first, while nobody has subscribed; then three subscribers,
 * and an issue sent to them and paused once its first copy has gone (the next is a minute away).
 */
async function prepareIssues(api: APIRequestContext): Promise<NonNullable<PreparedViews['issues']>> {
  type Listed = { id: number; subject: string; slug: string | null; status: string };
  const listed = async () =>
    ((await (await api.get('/api/admin/newsletter/issues?pageSize=50')).json()) as { items: Listed[] }).items;
  const progress = async (id: number) =>
    (await (await api.get(`/api/admin/newsletter/issues/${id}/progress`)).json()) as {
      status: string;
      sent: number;
    };
  const create = async (issue: typeof SENT_ISSUE) => {
    const res = await api.post('/api/admin/newsletter/issues', { data: issue });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { id: number }).id;
  };
  const send = async (id: number) => {
    const res = await api.post(`/api/admin/newsletter/issues/${id}/send`, { data: {} });
    expect(res.ok(), await res.text()).toBe(true);
  };

  let sent = (await listed()).find((i) => i.subject === SENT_ISSUE.subject);
  if (!sent) {
    const id = await create(SENT_ISSUE);
    await send(id);
    await expect.poll(async () => (await progress(id)).status, { timeout: 30_000 }).toBe('sent');
    sent = (await listed()).find((i) => i.id === id)!;
  }
  let paused = (await listed()).find((i) => i.subject === PAUSED_ISSUE.subject);
  if (!paused) {
    const audience = (await (await api.get('/api/admin/newsletter/audience')).json()) as {
      recipients: number;
    };
    if (audience.recipients < VISUAL_SUBSCRIBERS.length)
      for (const email of VISUAL_SUBSCRIBERS)
        await confirmedSubscriber(api, email, path.join(visualDataDir, 'outbox'));
    const id = await create(PAUSED_ISSUE);
    await send(id);
    await expect.poll(async () => (await progress(id)).sent, { timeout: 30_000, intervals: [100] }).toBe(1);
    const pause = await api.post(`/api/admin/newsletter/issues/${id}/pause`, { data: {} });
    expect(pause.ok(), await pause.text()).toBe(true);
    paused = (await listed()).find((i) => i.id === id)!;
  }
  const draft =
    (await listed()).find((i) => i.subject === DRAFT_ISSUE.subject)?.id ?? (await create(DRAFT_ISSUE));
  return { draft, paused: paused.id, sentSlug: sent.slug! };
}

const DRAFT_POST = {
  title: 'Late-night shopping in Berkhamsted: what the traders want you to know',
  excerpt: 'Every Thursday until Christmas, the high street stays open until eight.',
  content: LONG_BODY,
  status: 'draft',
};

/** A draft post, made once per server (found again by its title). */
async function prepareDraftPost(api: APIRequestContext): Promise<number> {
  const drafts = (await (await api.get('/api/admin/blogs?status=draft&limit=50')).json()) as Array<{
    id: number;
    title: string;
  }>;
  const found = drafts.find((p) => p.title === DRAFT_POST.title);
  if (found) return found.id;
  const res = await api.post('/api/admin/blogs', { data: DRAFT_POST });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: number }).id;
}

/**
 * Readies the screenshot server for the views, once per worker: the seeded post's id (the
 * blog-post views open it), the admin lists' awkward rows (long names and addresses) and the
 * newsletter's issues, added once per server (a restarted worker finds them there). `browser` is
 * Playwright's, for the rows.
 */
export async function prepareViews(baseURL: string, browser: PlaywrightBrowser): Promise<PreparedViews> {
  const api = await playwrightRequest.newContext({ baseURL });
  const posts = (await (await api.get('/api/blog')).json()) as Array<{ id: number; title: string }>;
  const postId = posts.find((p) => p.title === SEEDED_POST_TITLE)!.id;
  await api.post('/api/admin/login', {
    data: { email: ADMIN_ACCOUNT.email, password: ADMIN_ACCOUNT.password },
  });
  const enquiries = (await (await api.get('/api/admin/enquiries?pageSize=1')).json()) as { total: number };
  if (enquiries.total === 0) {
    const page = await browser.newPage({ baseURL });
    await addLongRows(page, 'visual');
    await page.close();
  }
  const sources = await api.get('/api/admin/analytics/breakdown?period=7d&dimension=source&pageSize=100');
  if (!(await sources.text()).includes(VISUAL_SOURCE)) await countVisualReaders(baseURL);
  const issues = await prepareIssues(api);
  const draftPostId = await prepareDraftPost(api);
  const joinToken = await prepareStaff(api);
  await api.dispose();
  return { postId, issues, draftPostId, joinToken };
}

/**
 * Two more people on the staff, with roles the owner can change (the Staff list's choices show), and
 * an open invitation, whose link's token (from the server's outbox) opens the join page.
 */
async function prepareStaff(api: APIRequestContext): Promise<string> {
  const invited = 'nina.new@hertslocalmedia.co.uk';
  const tokenOf = () =>
    acceptedMail(path.join(visualDataDir, 'outbox'))
      .filter((m) => /^To: (.*?)\r?$/m.exec(m)?.[1] === invited)
      .map((m) => /\/join\?token=([a-z2-7]+)/.exec(m)?.[1] ?? '')
      .at(-1) ?? '';
  const staff = (await (await api.get('/api/admin/users')).json()) as { total: number };
  if (staff.total > 1) return tokenOf();
  const invitation = await api.post('/api/admin/invitations', { data: { email: invited, role: 'author' } });
  if (!invitation.ok()) throw new Error(`inviting answered ${invitation.status()}`);
  for (const [name, email, role] of [
    ['Priya Patel', 'priya.patel@hertslocalmedia.co.uk', 'editor'],
    ['Tom Hughes', 'tom.hughes@hertslocalmedia.co.uk', 'contributor'],
  ]) {
    const res = await api.post('/api/admin/register', {
      data: { name, email, password: 'Cassiobury-Park-Swan-19', role },
    });
    if (!res.ok()) throw new Error(`adding ${name} answered ${res.status()}`);
  }
  for (const until = Date.now() + 20_000; Date.now() < until;) {
    const token = tokenOf();
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the invitation e-mail did not arrive in the outbox');
}

/**
 * Opens each view in turn on one (puppeteer) page: the signed-out views first, then the admin's,
 * signed in once; for an admin section, its tab, until every list (or the section's form) has
 * loaded; then the view's ready text and the app's hydration. `settle` runs next (fonts, pinned
 * texts), then the admin lists get up to 2 s to choose cards or table for their width (they choose
 * once a size has lasted 300 ms); `check` gets the view and the lists still in the wrong layout.
 */
export async function walkViews(
  page: Page,
  baseURL: string,
  views: View[],
  settle: (page: Page) => Promise<void>,
  check: (view: View, wrongLayout: string[]) => Promise<void>,
): Promise<void> {
  const ordered = [...views].sort((a, b) => Number(Boolean(a.signedIn)) - Number(Boolean(b.signedIn)));
  let signedIn = false;
  for (const view of ordered) {
    if (view.signedIn && !signedIn) {
      await signInInPage(page, baseURL, ADMIN_ACCOUNT);
      signedIn = true;
    }
    await page.goto(`${baseURL}${view.path}`);
    if (view.adminTab) {
      await page.waitForSelector('nav[aria-label="Admin sections"]');
      await page.$$eval(
        'nav[aria-label="Admin sections"] button',
        (buttons, tab) => (buttons.find((b) => b.textContent?.startsWith(tab)) as HTMLButtonElement).click(),
        view.adminTab,
      );
      // Every list (or, in a section of settings, the form) has loaded, and so have the counts
      // beside the sections' names (a missing badge once failed a screenshot under load).
      await page.waitForFunction(
        () =>
          document.querySelector('[data-layout], main form') &&
          !document.querySelector(
            '[data-layout][aria-busy="true"], form[aria-busy="true"], nav[aria-busy="true"]',
          ),
      );
    }
    await waitForText(page, view.ready);
    // Opened by its address too (an editor's post): its form and the navigation's counts have
    // loaded (a busy machine once caught "Loading post..." in a baseline).
    await page.waitForFunction(
      () =>
        !document.querySelector(
          '[data-layout][aria-busy="true"], main form[aria-busy="true"], nav[aria-busy="true"], [data-testid="post-editor"][aria-busy="true"]',
        ),
      { polling: 100 },
    );
    // Hydrated first: what `settle` pins must not be changed under React's feet.
    await page.waitForSelector('html[data-hydrated]');
    await view.prepare?.(page);
    // Nothing still loading: a lazy part's placeholder (the dashboard's chart, whose code comes in
    // a chunk of its own) once made a screenshot differ by the chart's height.
    await page.waitForFunction(() => !document.querySelector('main [data-skeleton]'), { polling: 100 });
    await settle(page);
    let wrongLayout = await page.evaluate(findListsInTheWrongLayout);
    for (let i = 0; i < 20 && wrongLayout.length > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      wrongLayout = await page.evaluate(findListsInTheWrongLayout);
    }
    await check(view, wrongLayout);
  }
}
