import { Link } from 'wouter';
import { ACADEMY, BUSINESS } from '../../../shared/business';
import { useBusinessDetails } from '../../lib/useBusinessDetails';
import { HOME_SECTIONS, ROUTES } from '../../../shared/routes';
import { SectionLink } from './SectionLink';
import * as styles from './Footer.css';

export function Footer() {
  const business = useBusinessDetails();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div>
          <p className={styles.brand}>{BUSINESS.name}</p>
          <p className={styles.blurb}>
            Community newsletters, local advertising and podcasts that connect Hertfordshire businesses with
            the people who live around them.
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className={styles.heading}>Explore</h2>
          <ul className={styles.list}>
            <li>
              <Link href="/blog" className={styles.link}>
                Blog
              </Link>
            </li>
            <li>
              <Link href={ROUTES.newsletterArchive} className={styles.link}>
                Newsletter archive
              </Link>
            </li>
            <li>
              <Link href="/sparkai-academy" className={styles.link}>
                {ACADEMY.name}
              </Link>
            </li>
            <li>
              <SectionLink section={HOME_SECTIONS.advertising} className={styles.link}>
                Advertising
              </SectionLink>
            </li>
            <li>
              <SectionLink section={HOME_SECTIONS.contact} className={styles.link}>
                Contact us
              </SectionLink>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className={styles.heading}>Legal</h2>
          <ul className={styles.list}>
            <li>
              <Link href="/privacy-policy" className={styles.link}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link href="/terms-conditions" className={styles.link}>
                Terms &amp; Conditions
              </Link>
            </li>
            <li>
              <a href={`mailto:${business.email}`} className={styles.link}>
                {business.email}
              </a>
            </li>
          </ul>
        </div>
      </div>
      <p className={styles.bottom}>
        © <span data-volatile="year">{new Date().getFullYear()}</span> {BUSINESS.legalName}. {business.town},{' '}
        {business.county}.
      </p>
    </footer>
  );
}
