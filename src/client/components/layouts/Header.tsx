import { LogIn, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { BUSINESS } from '../../../shared/business';
import { HOME_SECTIONS, ROUTES } from '../../../shared/routes';
import { Button, buttonClass } from '../ui/Button';
import { Tooltip } from '../ui/Tooltip';
import { SectionLink } from './SectionLink';
import { vars } from '../../styles/theme.css';
import * as styles from './Header.css';

export const NAV_SECTIONS = [
  { label: 'Home', section: HOME_SECTIONS.home },
  { label: 'About', section: HOME_SECTIONS.about },
  { label: 'Advertising', section: HOME_SECTIONS.advertising },
  { label: 'Newsletters', section: HOME_SECTIONS.newsletters },
  { label: 'Podcasts', section: HOME_SECTIONS.podcasts },
  { label: 'Free Websites', section: HOME_SECTIONS.freeWebsites },
] as const;

export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill={vars.color.brand} />
      <path d="M18 46V18h6v11h16V18h6v28h-6V35H24v11z" fill={vars.color.onBrand} />
    </svg>
  );
}

export function Header() {
  const [open, setOpen] = useState(false);
  // In the admin area the admin has signed in and has its own Logout: no sign-in icon and no
  // visitor's call to action there.
  const [location] = useLocation();
  const inAdmin = location === ROUTES.admin || location === ROUTES.adminSimple;
  const close = () => setOpen(false);
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link href="/" className={styles.brand} onClick={close}>
          <BrandMark className={styles.brandMark} />
          <span>{BUSINESS.name}</span>
        </Link>

        <nav aria-label="Main" className={styles.desktopNav}>
          <ul className={styles.navList}>
            {NAV_SECTIONS.map((item) => (
              <li key={item.section}>
                <SectionLink section={item.section} className={styles.navLink}>
                  {item.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <Link href="/blog" className={styles.navLink}>
                Blog
              </Link>
            </li>
          </ul>
        </nav>

        <div className={styles.actions}>
          {inAdmin ? null : (
            <>
              <Tooltip label="Sign in">
                <Link
                  href="/login"
                  className={`${styles.iconLink} ${styles.desktopOnly}`}
                  aria-label="Sign in"
                >
                  <LogIn size={20} aria-hidden="true" />
                </Link>
              </Tooltip>
              <SectionLink
                section={HOME_SECTIONS.contact}
                className={buttonClass({ size: 'sm' }, styles.desktopOnly)}
              >
                Get In Touch
              </SectionLink>
            </>
          )}
          <Button
            variant="ghost"
            size="icon"
            className={styles.menuButton}
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>

      {open ? (
        <nav id="mobile-menu" aria-label="Mobile" className={styles.mobileMenu}>
          <ul className={styles.mobileList}>
            {NAV_SECTIONS.map((item) => (
              <li key={item.section}>
                <SectionLink section={item.section} className={styles.mobileLink} onClick={close}>
                  {item.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <Link href="/blog" className={styles.mobileLink} onClick={close}>
                Blog
              </Link>
            </li>
            <li>
              <Link href="/login" className={styles.mobileLink} onClick={close}>
                Sign in
              </Link>
            </li>
            <li>
              <Link href="/admin" className={styles.mobileLink} onClick={close}>
                Admin
              </Link>
            </li>
          </ul>
          <SectionLink
            section={HOME_SECTIONS.contact}
            className={buttonClass({ block: true })}
            onClick={close}
          >
            Get Started
          </SectionLink>
        </nav>
      ) : null}
    </header>
  );
}
