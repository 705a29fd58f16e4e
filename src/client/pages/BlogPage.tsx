import { PageBody, SiteLayout } from '../features/layout/SiteLayout';

export default function BlogPage() {
  return (
    <SiteLayout>
      <PageBody>
        <h1>Blog</h1>
      </PageBody>
    </SiteLayout>
  );
}
