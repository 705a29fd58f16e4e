import { PageBody, SiteLayout } from '../features/layout/SiteLayout';

export default function PrivacyPolicyPage() {
  return (
    <SiteLayout>
      <PageBody>
        <h1>Privacy Policy</h1>
      </PageBody>
    </SiteLayout>
  );
}
