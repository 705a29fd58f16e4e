import { TermsConditions } from '../features/legal';

export default function TermsConditionsPage() {
  return <TermsConditions />;
}
