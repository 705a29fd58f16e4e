// The two legal documents, each the whole of its page.
export { PrivacyPolicy } from './PrivacyPolicy';
export { TermsConditions } from './TermsConditions';
