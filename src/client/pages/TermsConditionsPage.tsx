import { TermsConditions } from '../features/legal/TermsConditions';

export default function TermsConditionsPage() {
  return <TermsConditions />;
}
