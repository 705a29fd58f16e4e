import { ShieldAlert } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { REDIRECT_UNAUTHENTICATED_MS } from '../../../shared/constants';
import { AdminLayout, AdminNotice } from '../../components/layouts/AdminLayout';
import { useAdminUser, useLogout } from '../auth';
import { AcademyAdminTab } from './AcademyAdminTab';
import { ActivitySection } from './ActivitySection';
import { AdminsSection } from '../auth/admin';
import { BlogPostsSection } from '../blog/admin';
import { BusinessDetailsSection, SiteContentSection } from '../site-content/admin';
import { EnquiriesSection, EnquiriesTabLabel } from '../contact/admin';
import { JobsSection } from './JobsSection';
import { EpisodesSection } from '../podcasts/admin';
import { SubscribersSection } from '../newsletter/admin';

/**
 * The admin's sections. Each is a tab of the screen; Enquiries, Subscribers, Academy and Admins
 * slot in here as their features arrive.
 */
const SECTIONS: Array<{ id: string; label: ReactNode; render: () => ReactNode }> = [
  { id: 'blog', label: 'Blog Posts', render: () => <BlogPostsSection /> },
  { id: 'enquiries', label: <EnquiriesTabLabel />, render: () => <EnquiriesSection /> },
  { id: 'subscribers', label: 'Subscribers', render: () => <SubscribersSection /> },
  { id: 'academy', label: 'Academy', render: () => <AcademyAdminTab /> },
  { id: 'admins', label: 'Admins', render: () => <AdminsSection /> },
  { id: 'content', label: 'Site content', render: () => <SiteContentSection /> },
  { id: 'podcasts', label: 'Podcasts', render: () => <EpisodesSection /> },
  { id: 'business', label: 'Business details', render: () => <BusinessDetailsSection /> },
  { id: 'activity', label: 'Activity', render: () => <ActivitySection /> },
  { id: 'jobs', label: 'Jobs', render: () => <JobsSection /> },
];

export function AdminScreen() {
  const { user, isLoading } = useAdminUser();
  const [, navigate] = useLocation();
  const logout = useLogout();
  const [section, setSection] = useState(SECTIONS[0]!.id);

  // The SPEC's states and transitions: an unauthenticated visitor sees 'Access Denied', then goes home after 1 s.
  useEffect(() => {
    if (isLoading || user) return;
    const timer = window.setTimeout(() => navigate('/'), REDIRECT_UNAUTHENTICATED_MS);
    return () => window.clearTimeout(timer);
  }, [isLoading, user, navigate]);

  if (isLoading) return <AdminNotice text="Checking your session..." busy />;

  if (!user) {
    return (
      <AdminNotice
        icon={<ShieldAlert size={48} aria-hidden="true" />}
        title="Access Denied"
        text="Please sign in to use the admin area. Taking you to the homepage..."
      />
    );
  }

  const current = SECTIONS.find((s) => s.id === section) ?? SECTIONS[0]!;
  return (
    <AdminLayout
      user={user}
      onLogout={() => void logout()}
      tabs={SECTIONS}
      current={current.id}
      onTab={setSection}
    >
      {current.render()}
    </AdminLayout>
  );
}
