import { PageBody, SiteLayout } from '../features/layout/SiteLayout';

export default function AdminPage() {
  return (
    <SiteLayout>
      <PageBody>
        <h1>Admin</h1>
      </PageBody>
    </SiteLayout>
  );
}
