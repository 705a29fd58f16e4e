import { LogOut, ShieldAlert } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { REDIRECT_UNAUTHENTICATED_MS } from '../../../shared/constants';
import { Button } from '../../components/ui/Button';
import { useAdminUser } from '../auth/useAdminUser';
import { useLogout } from '../auth/useLogout';
import { AcademySection } from './AcademySection';
import { AdminsSection } from './AdminsSection';
import { BlogManager } from './BlogManager';
import { EnquiriesSection, EnquiriesTabLabel } from './EnquiriesSection';
import { SubscribersSection } from './SubscribersSection';
import * as styles from './Admin.css';

/**
 * The admin's sections. Each is a tab of the screen; Enquiries, Subscribers, Academy and Admins
 * slot in here as their features arrive.
 */
const SECTIONS: Array<{ id: string; label: ReactNode; render: () => ReactNode }> = [
  { id: 'blog', label: 'Blog Posts', render: () => <BlogManager /> },
  { id: 'enquiries', label: <EnquiriesTabLabel />, render: () => <EnquiriesSection /> },
  { id: 'subscribers', label: 'Subscribers', render: () => <SubscribersSection /> },
  { id: 'academy', label: 'Academy', render: () => <AcademySection /> },
  { id: 'admins', label: 'Admins', render: () => <AdminsSection /> },
];

export function AdminScreen() {
  const { user, isLoading } = useAdminUser();
  const [, navigate] = useLocation();
  const logout = useLogout();
  const [section, setSection] = useState(SECTIONS[0]!.id);

  // SPEC section 4: an unauthenticated visitor sees 'Access Denied', then goes home after 1 s.
  useEffect(() => {
    if (isLoading || user) return;
    const timer = window.setTimeout(() => navigate('/'), REDIRECT_UNAUTHENTICATED_MS);
    return () => window.clearTimeout(timer);
  }, [isLoading, user, navigate]);

  if (isLoading) {
    return (
      <div className={styles.centre} role="status">
        <p className={styles.subtle}>Checking your session...</p>
      </div>
    );
  }

  if (!user) {
    return (
      <div className={styles.centre}>
        <ShieldAlert size={48} aria-hidden="true" />
        <h1 className={styles.welcome}>Access Denied</h1>
        <p className={styles.subtle}>Please sign in to use the admin area. Taking you to the homepage...</p>
      </div>
    );
  }

  const current = SECTIONS.find((s) => s.id === section) ?? SECTIONS[0]!;
  return (
    <div className={styles.shell}>
      <div className={styles.inner}>
        <div className={styles.topBar}>
          <div>
            <h1 className={styles.welcome}>Welcome, {user.name}</h1>
            <p className={styles.subtle}>Signed in as {user.email}</p>
          </div>
          <Button variant="outline" onClick={() => void logout()}>
            <LogOut size={18} aria-hidden="true" /> Logout
          </Button>
        </div>
        <nav aria-label="Admin sections" className={styles.nav}>
          {SECTIONS.map((s) => (
            <button key={s.id} type="button" className={styles.navItem} aria-current={s.id === current.id ? 'page' : undefined} onClick={() => setSection(s.id)}>
              {s.label}
            </button>
          ))}
        </nav>
        {current.render()}
      </div>
    </div>
  );
}
