// The route table of SPEC section 2: the client's router and the server's status codes both use it.
export const ROUTES = {
  home: '/',
  admin: '/admin',
  adminSimple: '/admin-simple',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  privacyPolicy: '/privacy-policy',
  termsConditions: '/terms-conditions',
  blog: '/blog',
  blogPost: '/blog/:id',
  academy: '/sparkai-academy',
  subscribe: '/subscribe',
  subscriptionSuccess: '/subscription-success',
} as const;

/** Whether a path is one of the client's routes (anything else is the 404 page). */
export function isKnownRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (/^\/blog\/[^/]+$/.test(path)) return true;
  return (Object.values(ROUTES) as string[]).includes(path);
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
