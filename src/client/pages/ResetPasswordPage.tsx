import { PageBody, SiteLayout } from '../features/layout/SiteLayout';

export default function ResetPasswordPage() {
  return (
    <SiteLayout>
      <PageBody>
        <h1>Reset your password</h1>
      </PageBody>
    </SiteLayout>
  );
}
