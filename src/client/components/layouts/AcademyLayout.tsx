import { Menu, Sparkles, X } from 'lucide-react';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'wouter';
import { ACADEMY_SECTIONS } from '../../../shared/academy';
import { ACADEMY, BUSINESS } from '../../../shared/business';
import { scrollToSection } from '../../lib/scroll';
import { useBusinessDetails } from '../../lib/useBusinessDetails';
import { ROUTES } from '../../../shared/routes';
import { Button } from '../ui/Button';
import * as styles from './AcademyLayout.css';

/** The academy's own frame: its header and footer (the footer leads back to the company home). */
export function AcademyLayout({
  children,
  sectionLinks = false,
}: {
  children: ReactNode;
  sectionLinks?: boolean;
}) {
  // On the landing page the header's links are in-page anchors; elsewhere they lead to the landing page.
  const business = useBusinessDetails();
  const to = (section: string) => (sectionLinks ? `#${section}` : `${ROUTES.academy}#${section}`);
  // Below tablet width the section links move into a menu, as in the main site's header.
  const [open, setOpen] = useState(false);
  // The menu is closed before the page scrolls, so the section is measured without the open menu
  // pushing it down and lands just below the header.
  const choose = (section: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    flushSync(() => setOpen(false));
    if (sectionLinks && scrollToSection(section)) event.preventDefault();
  };
  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link href={ROUTES.academy} className={styles.logo}>
            <span className={styles.logoMark} aria-hidden="true">
              <Sparkles size={20} />
            </span>
            {ACADEMY.name}
          </Link>
          <nav aria-label="Academy" className={styles.nav}>
            <a href={to(ACADEMY_SECTIONS.modules)} className={styles.navLink}>
              Modules
            </a>
            <a href={to(ACADEMY_SECTIONS.pricing)} className={styles.navLink}>
              Pricing
            </a>
            <a href={to(ACADEMY_SECTIONS.workshop)} className={styles.navCta}>
              Free workshop
            </a>
            <Button
              variant="ghost"
              size="icon"
              className={styles.menuButton}
              aria-expanded={open}
              aria-controls="academy-menu"
              aria-label={open ? 'Close menu' : 'Open menu'}
              onClick={() => setOpen((v) => !v)}
            >
              {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            </Button>
          </nav>
        </div>
        {open ? (
          <nav id="academy-menu" aria-label="Academy menu" className={styles.mobileMenu}>
            <ul className={styles.mobileList}>
              <li>
                <a
                  href={to(ACADEMY_SECTIONS.modules)}
                  className={styles.mobileLink}
                  onClick={choose(ACADEMY_SECTIONS.modules)}
                >
                  Modules
                </a>
              </li>
              <li>
                <a
                  href={to(ACADEMY_SECTIONS.pricing)}
                  className={styles.mobileLink}
                  onClick={choose(ACADEMY_SECTIONS.pricing)}
                >
                  Pricing
                </a>
              </li>
              <li>
                <a
                  href={to(ACADEMY_SECTIONS.workshop)}
                  className={styles.mobileLink}
                  onClick={choose(ACADEMY_SECTIONS.workshop)}
                >
                  Free workshop
                </a>
              </li>
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <div>
            <p className={styles.footerBrand}>{ACADEMY.name}</p>
            <p className={styles.footerText}>
              After-school and weekend <span className="nowrap">AI-entrepreneurship</span> sessions for{' '}
              <span className="nowrap">10-16</span> year olds in {business.county} and online.
              {` ${ACADEMY.name}`} is run by {BUSINESS.legalName}, {business.town}.
            </p>
          </div>
          <ul className={styles.footerLinks}>
            <li>
              <Link href={ROUTES.home} className={styles.footerLink}>
                Back to {BUSINESS.name}
              </Link>
            </li>
            <li>
              <a href={`mailto:${business.academyEmail}`} className={styles.footerLink}>
                {business.academyEmail}
              </a>
            </li>
            <li>
              <Link href={ROUTES.privacyPolicy} className={styles.footerLink}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link href={ROUTES.termsConditions} className={styles.footerLink}>
                Terms &amp; Conditions
              </Link>
            </li>
          </ul>
        </div>
        <p className={styles.footerBottom}>
          © <span data-volatile="year">{new Date().getFullYear()}</span> {BUSINESS.legalName}
        </p>
      </footer>
    </div>
  );
}
