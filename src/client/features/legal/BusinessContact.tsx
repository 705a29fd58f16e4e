import { addressLine } from '../../../shared/business';
import { useBusinessDetails } from '../../lib/useBusinessDetails';

// The business's details inside the legal texts, as the owner keeps them in the admin.

export function BusinessMail() {
  const { email } = useBusinessDetails();
  return <a href={`mailto:${email}`}>{email}</a>;
}

export function BusinessPhone() {
  return <>{useBusinessDetails().phone}</>;
}

/** '12 Fore Street, Hertford, Hertfordshire SG14 1AB'. */
export function BusinessAddress() {
  return <>{addressLine(useBusinessDetails())}</>;
}
