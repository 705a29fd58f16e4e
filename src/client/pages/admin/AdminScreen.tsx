import { ShieldAlert } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { REDIRECT_UNAUTHENTICATED_MS } from '../../../shared/constants';
import { AdminLayout, AdminNotice } from '../../components/layouts/AdminLayout';
import { trpc } from '../../lib/trpc';
import { useAdminUser, useCan, useLogout } from '../../features/auth';
import { can, type Permission } from '../../../shared/staff';
import { AcademyAdminTab } from './AcademyAdminTab';
import { ActivitySection } from '../../features/activity/admin';
import { AdminsSection, ProfileSection } from '../../features/auth/admin';
import {
  BLOG_SECTION,
  BlogPostsSection,
  BlogTabLabel,
  TAGS_SECTION,
  TagsSection,
} from '../../features/blog/admin';
import { BusinessDetailsSection, SiteContentSection } from '../../features/site-content/admin';
import { EnquiriesSection, EnquiriesTabLabel } from '../../features/contact/admin';
import { JobsSection } from '../../features/jobs/admin';
import { EpisodesSection } from '../../features/podcasts/admin';
import { AnalyticsSection } from '../../features/analytics/admin';
import {
  IssuesSection,
  NEWSLETTER_SECTION,
  SendPostButton,
  usePostEmailer,
  SubscribersSection,
} from '../../features/newsletter/admin';

/**
 * The admin's sections, in the order of the navigation, each in a group: the one list the
 * navigation is drawn from (a side bar on a wide screen, labelled rows of pills on a narrow one).
 * A new section is a line here, in the group it belongs to, with the permission it needs (a person
 * sees only the sections their role can use: src/shared/staff.ts).
 */
const SECTIONS: Array<{
  id: string;
  group: string;
  label: ReactNode;
  permission: Permission;
  render: () => ReactNode;
}> = [
  {
    id: BLOG_SECTION,
    group: 'Content',
    label: <BlogTabLabel />,
    permission: 'writePosts',
    render: () => <BlogPosts />,
  },
  {
    id: TAGS_SECTION,
    group: 'Content',
    label: 'Tags',
    permission: 'writePosts',
    render: () => <TagsSection />,
  },
  {
    id: NEWSLETTER_SECTION,
    group: 'Content',
    label: 'Newsletter issues',
    permission: 'sendNewsletters',
    render: () => <IssuesSection />,
  },
  {
    id: 'content',
    group: 'Content',
    label: 'Site content',
    permission: 'editSiteContent',
    render: () => <SiteContentSection />,
  },
  {
    id: 'podcasts',
    group: 'Content',
    label: 'Podcasts',
    permission: 'editSiteContent',
    render: () => <EpisodesSection />,
  },
  {
    id: 'business',
    group: 'Content',
    label: 'Business details',
    permission: 'manageSettings',
    render: () => <BusinessDetailsSection />,
  },
  {
    id: 'enquiries',
    group: 'People',
    label: <EnquiriesTabLabel />,
    permission: 'handleEnquiries',
    render: () => <EnquiriesSection />,
  },
  {
    id: 'subscribers',
    group: 'People',
    label: 'Subscribers',
    permission: 'manageSubscribers',
    render: () => <SubscribersSection />,
  },
  {
    id: 'academy',
    group: 'People',
    label: 'Academy',
    permission: 'manageWorkshops',
    render: () => <AcademyAdminTab />,
  },
  {
    id: 'analytics',
    group: 'People',
    label: 'Analytics',
    permission: 'readFigures',
    render: () => <AnalyticsSection />,
  },
  {
    id: 'admins',
    group: 'System',
    label: 'Staff',
    permission: 'manageStaff',
    render: () => <AdminsSection />,
  },
  {
    id: 'activity',
    group: 'System',
    label: 'Activity',
    permission: 'readActivity',
    render: () => <ActivitySection />,
  },
  { id: 'jobs', group: 'System', label: 'Jobs', permission: 'manageSettings', render: () => <JobsSection /> },
  {
    id: 'profile',
    group: 'You',
    label: 'Your profile',
    permission: 'signedIn',
    render: () => <ProfileSection />,
  },
];

/** The posts, with the newsletter's parts for a role that sends newsletters. */
function BlogPosts() {
  const can = useCan();
  const emails = can('sendNewsletters');
  return (
    <BlogPostsSection
      // A change of role swaps the emailer hook: a new section rather than hooks in another order.
      key={emails ? 'emails' : 'posts'}
      publishedPostActions={
        emails ? (post) => <SendPostButton postId={post.id} title={post.title} /> : undefined
      }
      useEmailer={emails ? usePostEmailer : undefined}
    />
  );
}

export function AdminScreen() {
  const { user, isLoading } = useAdminUser();
  const [location, navigate] = useLocation();
  const logout = useLogout();
  // The sections this person's role can use; a contributor's home is their drafts (the posts).
  const sections = user ? SECTIONS.filter((s) => can(user.role, s.permission)) : [];
  // The counts beside the sections' names (new enquiries): the navigation is busy until they are in.
  const counts = Boolean(user && can(user.role, 'readFigures'));
  const summary = trpc.admin.summary.useQuery(undefined, { enabled: counts });
  // The open section is in the address, /admin?section=newsletter: the navigation goes there, and so
  // does a link from another section (the blog's 'Send as newsletter', a tag's post count); Back
  // returns to the section before.
  const askedSection = new URLSearchParams(useSearch()).get('section');
  const section = sections.some((s) => s.id === askedSection)
    ? askedSection!
    : (sections[0]?.id ?? BLOG_SECTION);
  // A section opens at its top (the composer's subject, not where the posts list was scrolled to).
  // (A statement: scrollTo answers a promise in newer browsers, which React would take for a clean-up.)
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [section]);

  // The specification's states and transitions (docs/specification.md §4): an unauthenticated visitor sees 'Access Denied', then goes home after 1 s.
  // Only from where it was shown: after Logout this screen, signed out, can stay mounted (hidden
  // while the home page's code loads) after Logout's own redirect home, and a second one would
  // leave two entries for the home page in the history, so Back would not return here.
  useEffect(() => {
    if (isLoading || user) return;
    const shownAt = window.location.pathname;
    const timer = window.setTimeout(() => {
      if (window.location.pathname === shownAt) navigate('/');
    }, REDIRECT_UNAUTHENTICATED_MS);
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

  const current = sections.find((s) => s.id === section) ?? sections[0] ?? SECTIONS[0]!;
  return (
    <AdminLayout
      user={user}
      onLogout={() => void logout()}
      tabs={sections}
      current={current.id}
      onTab={(id) => navigate(`${location}?section=${id}`)}
      busy={counts && summary.isPending}
    >
      {current.render()}
    </AdminLayout>
  );
}
