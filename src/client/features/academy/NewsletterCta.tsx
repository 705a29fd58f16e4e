import { ExternalLink, Mail } from 'lucide-react';
import { ACADEMY_SECTIONS, ACADEMY_NEWSLETTER_URL } from '../../../shared/academy';
import { ButtonLink } from '../../components/ui/Button';
import * as styles from './NewsletterCta.css';

export function NewsletterCta() {
  return (
    <section
      id={ACADEMY_SECTIONS.newsletter}
      aria-labelledby="academy-newsletter-heading"
      className={styles.section}
      data-academy-section={ACADEMY_SECTIONS.newsletter}
    >
      <div className={styles.inner}>
        <span className={styles.icon}>
          <Mail size={28} aria-hidden="true" />
        </span>
        <div className={styles.copy}>
          <h2 id="academy-newsletter-heading" className={styles.title}>
            The SparkAI newsletter for parents
          </h2>
          <p className={styles.text}>
            A short monthly email: what children are building in our sessions, new dates for workshops and
            bootcamps, and practical tips for talking about AI at home.
          </p>
        </div>
        <ButtonLink
          href={ACADEMY_NEWSLETTER_URL}
          target="_blank"
          rel="noopener noreferrer"
          variant="academy"
          size="lg"
          className={styles.cta}
        >
          Subscribe to our Newsletter
          <ExternalLink size={18} aria-hidden="true" />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </ButtonLink>
      </div>
    </section>
  );
}
