export { BusinessDetailsSection } from './BusinessDetailsSection';
export { SiteContentSection } from './SiteContentSection';
