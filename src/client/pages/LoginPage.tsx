import { SiteLayout } from '../components/layouts/SiteLayout';
import { LoginForm, authFormStyles as styles } from '../features/auth';

export default function LoginPage() {
  return (
    <SiteLayout>
      <div className={styles.screen}>
        <LoginForm />
      </div>
    </SiteLayout>
  );
}
