// The site content's admin sections, for the admin shell (pages/admin) only.
export { BusinessDetailsSection } from './BusinessDetailsSection';
export { SiteContentSection } from './SiteContentSection';
