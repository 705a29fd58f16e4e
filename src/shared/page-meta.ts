import { ACADEMY, BUSINESS } from './business';

// Titles and descriptions of the public pages: the server writes them into the HTML head, and the
// client updates the title when it navigates.
export interface PageMeta {
  title: string;
  description: string;
}

const SUFFIX = ` | ${BUSINESS.name}`;

export const PAGE_META: Record<string, PageMeta> = {
  '/': {
    title: `${BUSINESS.name} | Local newsletters, advertising and podcasts in Hertfordshire`,
    description:
      'Community newsletters, local advertising, sponsored editorials, podcasts and free websites that connect Hertfordshire businesses with the people who live around them.',
  },
  '/blog': {
    title: `Blog${SUFFIX}`,
    description:
      'Local marketing advice, community stories and news from the Herts Local Media team, for Hertfordshire businesses and residents.',
  },
  '/sparkai-academy': {
    title: `${ACADEMY.name} | AI and enterprise for 10-16 year olds in Hertfordshire`,
    description:
      'After-school and weekend AI-entrepreneurship programme for children aged 10-16: small live groups, DBS-checked tutors, real projects. Reserve a free online workshop.',
  },
  '/privacy-policy': {
    title: `Privacy Policy${SUFFIX}`,
    description: 'How Herts Local Media collects, uses and protects your personal data, and the rights you have under UK GDPR.',
  },
  '/terms-conditions': {
    title: `Terms & Conditions${SUFFIX}`,
    description: 'The terms that apply when you use the Herts Local Media website and its services.',
  },
  '/subscription-success': {
    title: `Welcome to ${ACADEMY.name}`,
    description: `Your ${ACADEMY.name} subscription is confirmed. Here is what happens next.`,
  },
  '/subscribe': {
    title: `Checkout | ${ACADEMY.name}`,
    description: `Secure card checkout for ${ACADEMY.name} monthly plans.`,
  },
  '/login': { title: `Sign in${SUFFIX}`, description: 'Sign in to the Herts Local Media admin area.' },
  '/forgot-password': { title: `Forgot password${SUFFIX}`, description: 'Reset your admin password.' },
  '/reset-password': { title: `Reset password${SUFFIX}`, description: 'Choose a new admin password.' },
  '/admin': { title: `Admin${SUFFIX}`, description: 'The Herts Local Media admin area.' },
  '/admin-simple': { title: `Admin${SUFFIX}`, description: 'The Herts Local Media admin area.' },
};

export const NOT_FOUND_META: PageMeta = {
  title: `Page not found${SUFFIX}`,
  description: 'The page you asked for is not here.',
};

export function metaForPath(path: string): PageMeta {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (PAGE_META[clean]) return PAGE_META[clean];
  if (/^\/blog\/[^/]+$/.test(clean)) return PAGE_META['/blog']!;
  return NOT_FOUND_META;
}

export function blogPostTitle(title: string): string {
  return `${title}${SUFFIX}`;
}
