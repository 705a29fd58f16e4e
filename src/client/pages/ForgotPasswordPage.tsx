import { SiteLayout } from '../components/layouts/SiteLayout';
import { ForgotPasswordForm, authFormStyles as styles } from '../features/auth';

export default function ForgotPasswordPage() {
  return (
    <SiteLayout>
      <div className={styles.screen}>
        <ForgotPasswordForm />
      </div>
    </SiteLayout>
  );
}
