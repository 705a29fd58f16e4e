import { SiteLayout } from '../components/layouts/SiteLayout';
import { ResetPasswordForm, authFormStyles as styles } from '../features/auth';

export default function ResetPasswordPage() {
  return (
    <SiteLayout>
      <div className={styles.screen}>
        <ResetPasswordForm />
      </div>
    </SiteLayout>
  );
}
