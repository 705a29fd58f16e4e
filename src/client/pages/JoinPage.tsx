import { SiteLayout } from '../components/layouts/SiteLayout';
import { JoinForm, authFormStyles as styles } from '../features/auth';

export default function JoinPage() {
  return (
    <SiteLayout>
      <div className={styles.screen}>
        <JoinForm />
      </div>
    </SiteLayout>
  );
}
