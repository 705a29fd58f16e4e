import { PageBody, SiteLayout } from '../features/layout/SiteLayout';

export default function TermsConditionsPage() {
  return (
    <SiteLayout>
      <PageBody>
        <h1>Terms &amp; Conditions</h1>
      </PageBody>
    </SiteLayout>
  );
}
