import { SiteLayout } from '../components/layouts/SiteLayout';
import { ResetPasswordForm } from '../features/auth/ResetPasswordForm';
import * as styles from '../features/auth/Form.css';

export default function ResetPasswordPage() {
  return (
    <SiteLayout>
      <div className={styles.screen}>
        <ResetPasswordForm />
      </div>
    </SiteLayout>
  );
}
