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
}

export const ADMIN_TABS = [
  'Blog Posts',
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
      adminSection('Blog Posts', 'Create a blog post'),
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
      // Signed out it shows Access Denied and then moves to the homepage after 1 s.
      { name: 'admin-signed-out', path: ROUTES.admin, ready: 'Access Denied', noScreenshot: true },
    ],
    adminSimple: [
      {
        name: 'admin-simple',
        path: ROUTES.adminSimple,
        signedIn: true,
        ready: 'Create a blog post',
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
    await settle(page);
    let wrongLayout = await page.evaluate(findListsInTheWrongLayout);
    for (let i = 0; i < 20 && wrongLayout.length > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      wrongLayout = await page.evaluate(findListsInTheWrongLayout);
    }
    await check(view, wrongLayout);
  }
}
