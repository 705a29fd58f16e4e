import { SiteLayout } from '../components/layouts/SiteLayout';
import { ForgotPasswordForm } from '../features/auth/ForgotPasswordForm';
import * as styles from '../features/auth/Form.css';

export default function ForgotPasswordPage() {
  return (
    <SiteLayout>
      <div className={styles.screen}>
        <ForgotPasswordForm />
      </div>
    </SiteLayout>
  );
}
