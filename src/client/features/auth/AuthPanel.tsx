import type { LucideIcon } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/Button';
import * as fieldStyles from '../../components/ui/form/Field.css';
import * as styles from './Form.css';

// The frame of the sign-in, forgot-password and reset-password screens: a form with its heading
// and links, or a notice once it has done its work (or cannot).

/** A screen's form: icon, heading, lead, the fields, one submit button and the links below. */
export function AuthFormPanel({
  icon: Icon,
  heading,
  lead,
  onSubmit,
  busy,
  submitLabel,
  busyLabel,
  links,
  children,
}: {
  icon: LucideIcon;
  heading: string;
  lead: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  busy: boolean;
  submitLabel: string;
  /** The button's words while the request is on its way. */
  busyLabel: string;
  links: Array<{ href: string; label: string }>;
  children: ReactNode;
}) {
  return (
    <div className={styles.panel}>
      <Icon size={36} className={styles.icon} aria-hidden="true" />
      <h1 className={styles.heading}>{heading}</h1>
      <p className={styles.lead}>{lead}</p>
      <form className={fieldStyles.stack} onSubmit={onSubmit} noValidate>
        {children}
        <Button type="submit" block disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </form>
      <div className={styles.links}>
        {links.map(({ href, label }) => (
          <Link key={href} href={href} className={styles.link}>
            {label}
          </Link>
        ))}
      </div>
    </div>
  );
}

/** What a screen says instead of its form: sent, done, or a link that cannot work. */
export function AuthNotice({
  icon: Icon,
  success = false,
  heading,
  lead,
  children,
}: {
  icon: LucideIcon;
  /** A good outcome: a success icon, and the notice is announced. */
  success?: boolean;
  heading: string;
  lead: ReactNode;
  /** What to do next. */
  children: ReactNode;
}) {
  return (
    <div className={styles.panel} role={success ? 'status' : undefined}>
      <Icon size={40} className={success ? styles.successIcon : styles.icon} aria-hidden="true" />
      <h1 className={styles.heading}>{heading}</h1>
      <p className={styles.lead}>{lead}</p>
      {children}
    </div>
  );
}
