import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { metaForPath } from '../shared/page-meta';
import { ROUTES } from '../shared/routes';
import HomePage from './pages/HomePage';
import BlogPage from './pages/BlogPage';
import BlogPostPage from './pages/BlogPostPage';
import AcademyPage from './pages/AcademyPage';
import PrivacyPolicyPage from './pages/PrivacyPolicyPage';
import TermsConditionsPage from './pages/TermsConditionsPage';
import SubscribePage from './pages/SubscribePage';
import SubscriptionSuccessPage from './pages/SubscriptionSuccessPage';
import NotFoundPage from './pages/NotFoundPage';

// The admin and auth screens load only when visited, keeping the public pages' JavaScript small.
const AdminPage = lazy(() => import('./pages/AdminPage'));
const LoginPage = lazy(() => import('./pages/LoginPage'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage'));

/** The route table of SPEC section 2, and nothing else. */
export function App() {
  const [location] = useLocation();
  // The server writes each page's title; after a client-side navigation it is set here. A blog
  // post sets its own once it has loaded.
  useEffect(() => {
    if (!/^\/blog\/[^/]+$/.test(location)) document.title = metaForPath(location).title;
  }, [location]);
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
