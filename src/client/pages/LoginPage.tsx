import { PageBody, SiteLayout } from '../features/layout/SiteLayout';

export default function LoginPage() {
  return (
    <SiteLayout>
      <PageBody>
        <h1>Sign in</h1>
      </PageBody>
    </SiteLayout>
  );
}
