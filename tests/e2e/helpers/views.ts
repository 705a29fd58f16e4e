import { request as playwrightRequest, type Browser as PlaywrightBrowser } from '@playwright/test';
import type { Page } from 'puppeteer-core';
import { ROUTES } from '../../../src/shared/routes';
import { ADMIN_ACCOUNT } from '../../../playwright.config';
import { addLongRows } from './admin-data';
import { signInInPage, waitForText } from './cross-browser';
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
  'Admins',
  'Site content',
  'Podcasts',
  'Business details',
  'Analytics',
  'Activity',
  'Jobs',
] as const;

/** The seeded post the blog-post views open (a fresh install has it; see src/server/domains/blog/seed.ts). */
export const SEEDED_POST_TITLE = 'Five ways to get your shop noticed on a Hertfordshire high street';

const adminSection = (tab: (typeof ADMIN_TABS)[number], ready: string): View => ({
  name: `admin-${tab.split(' ')[0]!.toLowerCase()}`,
  path: ROUTES.admin,
  signedIn: true,
  adminTab: tab,
  ready,
});

/** The views of each route; `postId` is the id of a published post. */
export function viewsByRoute(postId: number): Record<keyof typeof ROUTES, View[]> & { notFound: View[] } {
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
      adminSection('Tags', 'Tags'),
      adminSection('Enquiries', 'Enquiries'),
      adminSection('Subscribers', 'Newsletter subscribers'),
      adminSection('Newsletter issues', 'Newsletter issues'),
      adminSection('Academy', 'Free workshop sessions'),
      adminSection('Admins', 'Add an admin'),
      adminSection('Site content', 'Advertising services'),
      adminSection('Podcasts', 'Podcast feed'),
      adminSection('Business details', 'Business details'),
      // Its rows are this run's own sign-ins and changes, which differ with what ran before it.
      { ...adminSection('Activity', 'Activity'), noScreenshot: true },
      adminSection('Jobs', 'Failed jobs'),
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
    // A fresh install has sent nothing: the archive's empty state, and an issue that is not there.
    newsletterArchive: [
      { name: 'newsletter-archive', path: ROUTES.newsletterArchive, ready: 'No issues yet' },
    ],
    newsletterIssue: [
      {
        name: 'newsletter-issue-missing',
        path: `${ROUTES.newsletterArchive}/no-such-issue`,
        ready: 'Issue not found',
      },
    ],
    notFound: [{ name: 'not-found', path: '/no-such-page', ready: '404 Page Not Found' }],
  };
}

export function allViews(postId: number): View[] {
  return Object.values(viewsByRoute(postId)).flat();
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

/**
 * Readies the screenshot server for the views, once per worker: the seeded post's id (the
 * blog-post views open it), and the admin lists' awkward rows (long names and addresses), added
 * once per server (a restarted worker finds them there). `browser` is Playwright's, for the rows.
 */
export async function prepareViews(baseURL: string, browser: PlaywrightBrowser): Promise<number> {
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
  await api.dispose();
  return postId;
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
    // Hydrated first: what `settle` pins must not be changed under React's feet.
    await page.waitForSelector('html[data-hydrated]');
    await view.prepare?.(page);
    await settle(page);
    let wrongLayout = await page.evaluate(findListsInTheWrongLayout);
    for (let i = 0; i < 20 && wrongLayout.length > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      wrongLayout = await page.evaluate(findListsInTheWrongLayout);
    }
    await check(view, wrongLayout);
  }
}
