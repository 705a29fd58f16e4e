import { PageBody, SiteLayout } from '../features/layout/SiteLayout';

export default function BlogPostPage() {
  return (
    <SiteLayout>
      <PageBody>
        <h1>Blog post</h1>
      </PageBody>
    </SiteLayout>
  );
}
