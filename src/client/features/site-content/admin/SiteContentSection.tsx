import { PublicationsEditor } from './PublicationsEditor';
import { PartnersEditor } from './PartnersEditor';
import { ServicesEditor } from './ServicesEditor';
import { TestimonialsEditor } from './TestimonialsEditor';

/** The home page's lists the owner edits, in the order the page shows them. */
export function SiteContentSection() {
  return (
    <>
      <ServicesEditor />
      <PublicationsEditor />
      <TestimonialsEditor />
      <PartnersEditor />
    </>
  );
}
