import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { metaForPath } from '../shared/page-meta';
import { ROUTES } from '../shared/routes';
import { lazyPage, type LazyPage } from './lib/lazy-page';

// Every page loads its own code when visited, so a visitor downloads only the page in front of
// them (the admin's editor never reaches the public pages). main.tsx preloads the current page.
const HomePage = lazyPage(() => import('./pages/HomePage'));
const BlogPage = lazyPage(() => import('./pages/BlogPage'));
const BlogPostPage = lazyPage(() => import('./pages/BlogPostPage'));
const AcademyPage = lazyPage(() => import('./pages/AcademyPage'));
const PrivacyPolicyPage = lazyPage(() => import('./pages/PrivacyPolicyPage'));
const TermsConditionsPage = lazyPage(() => import('./pages/TermsConditionsPage'));
const SubscribePage = lazyPage(() => import('./pages/SubscribePage'));
const SubscriptionSuccessPage = lazyPage(() => import('./pages/SubscriptionSuccessPage'));
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'));
const AdminPage = lazyPage(() => import('./pages/AdminPage'));
const LoginPage = lazyPage(() => import('./pages/LoginPage'));
const ForgotPasswordPage = lazyPage(() => import('./pages/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('./pages/ResetPasswordPage'));

const EXACT_ROUTES: Record<string, LazyPage> = {
  [ROUTES.home]: HomePage,
  [ROUTES.admin]: AdminPage,
  [ROUTES.adminSimple]: AdminPage,
  [ROUTES.login]: LoginPage,
  [ROUTES.forgotPassword]: ForgotPasswordPage,
  [ROUTES.resetPassword]: ResetPasswordPage,
  [ROUTES.privacyPolicy]: PrivacyPolicyPage,
  [ROUTES.termsConditions]: TermsConditionsPage,
  [ROUTES.blog]: BlogPage,
  [ROUTES.academy]: AcademyPage,
  [ROUTES.subscribe]: SubscribePage,
  [ROUTES.subscriptionSuccess]: SubscriptionSuccessPage,
};

/** Loads the code of the page at this path (before hydration, and on hover of a link). */
export function preloadPage(path: string): Promise<void> {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const page = EXACT_ROUTES[clean] ?? (/^\/blog\/[^/]+$/.test(clean) ? BlogPostPage : NotFoundPage);
  return page.preload();
}

/** The route table of SPEC section 2, and nothing else. */
export function App() {
  const [location] = useLocation();
  // The server writes each page's title; after a client-side navigation it is set here. A blog
  // post sets its own once it has loaded.
  useEffect(() => {
    if (!/^\/blog\/[^/]+$/.test(location)) document.title = metaForPath(location).title;
  }, [location]);
  // Marks the page as hydrated (or rendered): tests wait for it before they touch the DOM.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <Suspense fallback={null}>
      <Switch>
        <Route path={ROUTES.home} component={HomePage} />
        <Route path={ROUTES.admin} component={AdminPage} />
        <Route path={ROUTES.adminSimple} component={AdminPage} />
        <Route path={ROUTES.login} component={LoginPage} />
        <Route path={ROUTES.forgotPassword} component={ForgotPasswordPage} />
        <Route path={ROUTES.resetPassword} component={ResetPasswordPage} />
        <Route path={ROUTES.privacyPolicy} component={PrivacyPolicyPage} />
        <Route path={ROUTES.termsConditions} component={TermsConditionsPage} />
        <Route path={ROUTES.blog} component={BlogPage} />
        <Route path={ROUTES.blogPost} component={BlogPostPage} />
        <Route path={ROUTES.academy} component={AcademyPage} />
        <Route path={ROUTES.subscribe} component={SubscribePage} />
        <Route path={ROUTES.subscriptionSuccess} component={SubscriptionSuccessPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
