import { PrivacyPolicy } from '../features/legal/PrivacyPolicy';

export default function PrivacyPolicyPage() {
  return <PrivacyPolicy />;
}
