// The enquiries inbox and its count for the navigation, for the admin shell (pages/admin) only.
export { EnquiriesSection, EnquiriesTabLabel } from './EnquiriesSection';
