import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { Header } from './Header';
import * as styles from './SiteLayout.css';

/** The company site's frame: skip link, header, main landmark, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer />
    </>
  );
}

/** A simple page body for text pages and placeholders. */
export function PageBody({ children }: { children: ReactNode }) {
  return <div className={styles.page}>{children}</div>;
}
