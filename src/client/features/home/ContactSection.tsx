import { CONTACT_REPLY_PROMISE } from '../../../shared/constants';
import { HOME_SECTIONS } from '../../../shared/routes';
import { ContactDetails } from './ContactDetails';
import { ContactForm } from '../contact';
import { Section } from './Section';
import * as styles from './ContactSection.css';

/** The home page's contact section: the business's details beside the enquiry form. */
export function ContactSection() {
  return (
    <Section
      id={HOME_SECTIONS.contact}
      eyebrow="Contact us"
      title="Let's talk about your business"
      lead={`Tell us what you have in mind and we will get back to you ${CONTACT_REPLY_PROMISE}.`}
      alt
    >
      <div className={styles.layout}>
        <ContactDetails />
        <ContactForm />
      </div>
    </Section>
  );
}
