import { PageBody, SiteLayout } from '../features/layout/SiteLayout';

export default function ForgotPasswordPage() {
  return (
    <SiteLayout>
      <PageBody>
        <h1>Forgot your password?</h1>
      </PageBody>
    </SiteLayout>
  );
}
