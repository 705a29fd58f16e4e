import { NewslettersEditor } from './NewslettersEditor';
import { PartnersEditor } from './PartnersEditor';
import { ServicesEditor } from './ServicesEditor';
import { TestimonialsEditor } from './TestimonialsEditor';

/** The home page's lists the owner edits, in the order the page shows them (issue 15.1). */
export function SiteContentSection() {
  return (
    <>
      <ServicesEditor />
      <NewslettersEditor />
      <TestimonialsEditor />
      <PartnersEditor />
    </>
  );
}
