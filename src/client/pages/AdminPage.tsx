import { SiteLayout } from '../components/layouts/SiteLayout';
import { AdminScreen } from './admin/AdminScreen';

// /admin and /admin-simple: the same screen (docs/specification.md §2, screens and routes). Loaded only when visited.
export default function AdminPage() {
  return (
    <SiteLayout>
      <AdminScreen />
    </SiteLayout>
  );
}
