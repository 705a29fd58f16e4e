import { PrivacyPolicy } from '../features/legal';

export default function PrivacyPolicyPage() {
  return <PrivacyPolicy />;
}
