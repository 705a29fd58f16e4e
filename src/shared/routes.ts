import { parse } from 'regexparam';
import { ACADEMY, BUSINESS } from './business';
import { NOT_FOUND_META, siteTitle, type PageMeta } from './page-meta';

// The route table of the specification, written once as plain data. The client's router, the server's
// status codes and page head, the response cache, the sitemap and robots.txt all read it.

/** What a page is, wherever its path matches (and for the 404 page, where nothing does). */
export interface PageEntry {
  /**
   * The page module, src/client/pages/<page>.tsx: the browser loads it as a chunk of its own when
   * the route is visited, and the server finds its scripts and styles in Vite's manifest. A page
   * with data or head tags of its own has a sibling <page>.data.ts that exports its prefetch.
   */
  page: `${string}Page`;
  /** Rendered by React on the server with its data (public pages); otherwise the browser renders the shell. */
  serverRendered: boolean;
  /** Title and description in the head; the client sets the title when it navigates here. */
  meta: PageMeta;
  /**
   * The query parameters the server-rendered HTML depends on. Any other (a cache-buster, a
   * tracking tag, the newsletter link's token, which the browser reads) leaves the HTML the same,
   * so the response cache keeps one copy for them all.
   */
  queryParams?: readonly string[];
  /** The title is the page's record's (a post's): the server writes it, and the client leaves it be. */
  titleFromData?: true;
  /**
   * Its query is text a visitor types or is given (the words of a search, a checkout's id), so its
   * copies are as many as anyone makes: the response cache keeps them apart from the pages.
   */
  queryIsFreeText?: true;
}

export interface PageRoute extends PageEntry {
  /** A wouter pattern (`:name` for a parameter). */
  path: string;
  /**
   * What search engines are told: listed in sitemap.xml, left to find by links, or disallowed in
   * robots.txt (admin and sign-in screens).
   */
  indexing: 'sitemap' | 'crawl' | 'disallow';
}

const BLOG_META: PageMeta = {
  title: siteTitle('Blog'),
  description:
    'Local marketing advice, community stories and news from the Herts Local Media team, for Hertfordshire businesses and residents.',
};
const ADMIN_META: PageMeta = { title: siteTitle('Admin'), description: 'The Herts Local Media admin area.' };

// The order is the sitemap's and robots.txt's: public pages first, then the private ones.
export const PAGE_ROUTES = {
  home: {
    path: '/',
    page: 'HomePage',
    serverRendered: true,
    indexing: 'sitemap',
    meta: {
      title: `${BUSINESS.name} | Local newsletters, advertising and podcasts in Hertfordshire`,
      description:
        'Community newsletters, local advertising, sponsored editorials, podcasts and free websites that connect Hertfordshire businesses with the people who live around them.',
    },
  },
  blog: {
    path: '/blog',
    page: 'BlogPage',
    serverRendered: true,
    indexing: 'sitemap',
    meta: BLOG_META,
    queryParams: ['page', 'category'],
  },
  // Each published post is in the sitemap too, listed from the posts themselves (server/web/http/seo.ts).
  blogPost: {
    path: '/blog/:slug',
    page: 'BlogPostPage',
    serverRendered: true,
    indexing: 'crawl',
    meta: BLOG_META,
    titleFromData: true,
  },
  blogTag: {
    path: '/blog/tag/:slug',
    page: 'BlogTagPage',
    serverRendered: true,
    indexing: 'crawl',
    meta: BLOG_META,
    queryParams: ['page'],
    titleFromData: true,
  },
  // Each author with a published post is in the sitemap too (server/domains/blog/authors.ts).
  author: {
    path: '/author/:slug',
    page: 'AuthorPage',
    serverRendered: true,
    indexing: 'crawl',
    meta: BLOG_META,
    queryParams: ['page'],
    titleFromData: true,
  },
  blogSearch: {
    path: '/search',
    page: 'BlogSearchPage',
    serverRendered: true,
    indexing: 'crawl',
    meta: { title: siteTitle('Search the blog'), description: BLOG_META.description },
    queryParams: ['q', 'page'],
    titleFromData: true,
    queryIsFreeText: true,
  },
  academy: {
    path: '/sparkai-academy',
    page: 'AcademyPage',
    serverRendered: true,
    indexing: 'sitemap',
    meta: {
      title: `${ACADEMY.name} | AI and enterprise for 10-16 year olds in Hertfordshire`,
      description:
        'After-school and weekend AI-entrepreneurship programme for children aged 10-16: small live groups, DBS-checked tutors, real projects. Reserve a free online workshop.',
    },
  },
  privacyPolicy: {
    path: '/privacy-policy',
    page: 'PrivacyPolicyPage',
    serverRendered: true,
    indexing: 'sitemap',
    meta: {
      title: siteTitle('Privacy Policy'),
      description:
        'How Herts Local Media collects, uses and protects your personal data, and the rights you have under UK GDPR.',
    },
  },
  termsConditions: {
    path: '/terms-conditions',
    page: 'TermsConditionsPage',
    serverRendered: true,
    indexing: 'sitemap',
    meta: {
      title: siteTitle('Terms & Conditions'),
      description: 'The terms that apply when you use the Herts Local Media website and its services.',
    },
  },
  subscriptionSuccess: {
    path: '/subscription-success',
    page: 'SubscriptionSuccessPage',
    serverRendered: true,
    indexing: 'crawl',
    meta: {
      title: `Welcome to ${ACADEMY.name}`,
      description: `Your ${ACADEMY.name} subscription is confirmed. Here is what happens next.`,
    },
    // session_id: the page asks Stripe about that checkout, so each one is its own page, and its
    // title says whether the payment has arrived.
    queryParams: ['plan', 'session_id'],
    titleFromData: true,
    queryIsFreeText: true,
  },
  // Past newsletter issues, newest first; each sent issue is in the sitemap too (server/web/http/seo.ts).
  newsletterArchive: {
    path: '/newsletter',
    page: 'NewsletterArchivePage',
    serverRendered: true,
    indexing: 'sitemap',
    meta: {
      title: siteTitle('Newsletter archive'),
      description:
        'Every issue of the Herts Local Media newsletter: local news, events and offers from across Hertfordshire.',
    },
    queryParams: ['page'],
  },
  newsletterIssue: {
    path: '/newsletter/:slug',
    page: 'NewsletterIssuePage',
    serverRendered: true,
    indexing: 'crawl',
    meta: {
      title: siteTitle('Newsletter'),
      description: 'An issue of the Herts Local Media newsletter, as it was e-mailed to subscribers.',
    },
    titleFromData: true,
  },
  admin: { path: '/admin', page: 'AdminPage', serverRendered: false, indexing: 'disallow', meta: ADMIN_META },
  adminSimple: {
    path: '/admin-simple',
    page: 'AdminPage',
    serverRendered: false,
    indexing: 'disallow',
    meta: ADMIN_META,
  },
  login: {
    path: '/login',
    page: 'LoginPage',
    serverRendered: false,
    indexing: 'disallow',
    meta: { title: siteTitle('Sign in'), description: 'Sign in to the Herts Local Media admin area.' },
  },
  forgotPassword: {
    path: '/forgot-password',
    page: 'ForgotPasswordPage',
    serverRendered: false,
    indexing: 'disallow',
    meta: { title: siteTitle('Forgot password'), description: 'Reset your admin password.' },
  },
  resetPassword: {
    path: '/reset-password',
    page: 'ResetPasswordPage',
    serverRendered: false,
    indexing: 'disallow',
    meta: { title: siteTitle('Reset password'), description: 'Choose a new admin password.' },
  },
  // The e-mailed invitation to the staff: its token is read in the browser, never cached.
  join: {
    path: '/join',
    page: 'JoinPage',
    serverRendered: false,
    indexing: 'disallow',
    meta: {
      title: siteTitle('Join the team'),
      description: 'Accept an invitation to the Herts Local Media team.',
    },
  },
  // The e-mailed 'Manage your subscription' link: its token is read in the browser, never cached.
  manageSubscription: {
    path: '/manage-subscription',
    page: 'ManageSubscriptionPage',
    serverRendered: false,
    indexing: 'disallow',
    meta: {
      title: `Manage your subscription | ${ACADEMY.name}`,
      description: `Change the card or cancel your ${ACADEMY.name} subscription.`,
    },
  },
  subscribe: {
    path: '/subscribe',
    page: 'SubscribePage',
    serverRendered: false,
    indexing: 'disallow',
    meta: {
      title: `Checkout | ${ACADEMY.name}`,
      description: `Secure card checkout for ${ACADEMY.name} monthly plans.`,
    },
  },
} as const satisfies Record<string, PageRoute>;

export type RouteName = keyof typeof PAGE_ROUTES;

/** Every route, in the table's order. */
export const ROUTE_LIST: readonly PageRoute[] = Object.values(PAGE_ROUTES);

/** The path of each route by name, for links: `ROUTES.academy`. */
export const ROUTES = Object.fromEntries(
  Object.entries(PAGE_ROUTES).map(([name, route]) => [name, route.path]),
) as {
  readonly [Name in RouteName]: (typeof PAGE_ROUTES)[Name]['path'];
};

/** The page's source file, as Vite's manifest names it: 'pages/HomePage.tsx'. */
export function pageSourceFile(page: string): string {
  return `pages/${page}.tsx`;
}

/** Any other path: the 404 page, rendered on the server so that it arrives at once. */
export const NOT_FOUND_PAGE: PageEntry = { page: 'NotFoundPage', serverRendered: true, meta: NOT_FOUND_META };

/**
 * wouter's own pattern parser (regexparam, its default), but case-sensitive: the client's router
 * is given it too, so a path means the same page in the browser and on the server, and /BLOG is
 * the 404 page in both (the server has always answered it with 404).
 */
export function parseRoutePattern(route: string, loose?: boolean): { keys: string[]; pattern: RegExp } {
  const { keys, pattern } = parse(route, loose);
  return { keys, pattern: new RegExp(pattern.source) };
}

const MATCHERS = ROUTE_LIST.map((route) => ({ route, ...parseRoutePattern(route.path) }));

/** A path without its trailing slashes ('/' stays '/'): /blog/ is /blog. */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The route a path is on, with its parameters (`{ id: '42' }`); null for the 404 page. */
export function findRoute(pathname: string): { route: PageRoute; params: Record<string, string> } | null {
  const path = withoutTrailingSlash(pathname);
  for (const { route, keys, pattern } of MATCHERS) {
    const match = pattern.exec(path);
    if (match) return { route, params: Object.fromEntries(keys.map((key, i) => [key, match[i + 1] ?? ''])) };
  }
  return null;
}

/** What a path shows: its route's page, or the 404 page. */
export function pageAt(pathname: string): PageEntry {
  return findRoute(pathname)?.route ?? NOT_FOUND_PAGE;
}

/** The anchors of the home page's sections that the header navigates to. */
export const HOME_SECTIONS = {
  home: 'home',
  about: 'about',
  advertising: 'advertising',
  newsletters: 'newsletters',
  podcasts: 'podcasts',
  freeWebsites: 'free-websites',
  whyAdvertise: 'why-advertise',
  statistics: 'statistics',
  sponsoredEditorials: 'sponsored-editorials',
  testimonials: 'testimonials',
  newsletterSignup: 'newsletter-signup',
  contact: 'contact',
} as const;
