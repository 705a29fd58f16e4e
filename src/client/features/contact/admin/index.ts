export { EnquiriesSection, EnquiriesTabLabel } from './EnquiriesSection';
