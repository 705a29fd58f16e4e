import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { telHref } from '../../../shared/business';
import { useBusinessDetails } from '../../lib/useBusinessDetails';
import * as styles from './ContactSection.css';

/** How else to reach the business: e-mail, phone, address and office hours, from its details. */
export function ContactDetails() {
  const business = useBusinessDetails();
  return (
    <div className={styles.info}>
      <h3 className={styles.infoTitle}>Get in touch</h3>
      <p className={styles.infoText}>
        Whether you want to advertise, claim your free website, build a newsletter or just ask a question, a
        real person on our local team will reply.
      </p>
      <ul className={styles.infoList}>
        <li className={styles.infoItem}>
          <span className={styles.infoIcon}>
            <Mail size={20} aria-hidden="true" />
          </span>
          <span>
            <span className={styles.infoLabel}>Email</span>
            <a href={`mailto:${business.email}`} className={styles.infoLink}>
              {business.email}
            </a>
          </span>
        </li>
        <li className={styles.infoItem}>
          <span className={styles.infoIcon}>
            <Phone size={20} aria-hidden="true" />
          </span>
          <span>
            <span className={styles.infoLabel}>Phone</span>
            <a href={telHref(business.phone)} className={styles.infoLink}>
              {business.phone}
            </a>
          </span>
        </li>
        <li className={styles.infoItem}>
          <span className={styles.infoIcon}>
            <MapPin size={20} aria-hidden="true" />
          </span>
          <span>
            <span className={styles.infoLabel}>Where we are</span>
            {business.streetAddress ? `${business.streetAddress}, ` : ''}
            {business.town}, {business.county}
          </span>
        </li>
        <li className={styles.infoItem}>
          <span className={styles.infoIcon}>
            <Clock size={20} aria-hidden="true" />
          </span>
          <span>
            <span className={styles.infoLabel}>Office hours</span>
            {business.officeHours}
          </span>
        </li>
      </ul>
    </div>
  );
}
