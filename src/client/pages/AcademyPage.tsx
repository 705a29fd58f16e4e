import { PageBody, SiteLayout } from '../features/layout/SiteLayout';

export default function AcademyPage() {
  return (
    <SiteLayout>
      <PageBody>
        <h1>SparkAI Academy</h1>
      </PageBody>
    </SiteLayout>
  );
}
