import { SiteLayout } from '../components/layouts/SiteLayout';
import { LoginForm } from '../features/auth/LoginForm';
import * as styles from '../features/auth/Form.css';

export default function LoginPage() {
  return (
    <SiteLayout>
      <div className={styles.screen}>
        <LoginForm />
      </div>
    </SiteLayout>
  );
}
