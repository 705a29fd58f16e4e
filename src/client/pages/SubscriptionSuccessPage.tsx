import { PageBody, SiteLayout } from '../features/layout/SiteLayout';

export default function SubscriptionSuccessPage() {
  return (
    <SiteLayout>
      <PageBody>
        <h1>Welcome to SparkAI Academy</h1>
      </PageBody>
    </SiteLayout>
  );
}
