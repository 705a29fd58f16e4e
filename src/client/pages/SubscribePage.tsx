import { PageBody, SiteLayout } from '../features/layout/SiteLayout';

export default function SubscribePage() {
  return (
    <SiteLayout>
      <PageBody>
        <h1>Subscribe</h1>
      </PageBody>
    </SiteLayout>
  );
}
