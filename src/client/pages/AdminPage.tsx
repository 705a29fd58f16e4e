import { SiteLayout } from '../components/layouts/SiteLayout';
import { AdminScreen } from '../features/admin';

// /admin and /admin-simple: the same screen (SPEC section 2). Loaded only when visited.
export default function AdminPage() {
  return (
    <SiteLayout>
      <AdminScreen />
    </SiteLayout>
  );
}
