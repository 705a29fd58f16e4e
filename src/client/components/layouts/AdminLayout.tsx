import { LogOut } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../ui/Button';
import * as styles from './AdminLayout.css';

export interface AdminTab {
  id: string;
  /** The heading the section is listed under. */
  group: string;
  label: ReactNode;
}

/**
 * The admin area's frame, inside the site's: who is signed in, Logout, and the sections by group
 * (a side bar from a desktop's width; below it one row above the page that scrolls sideways, the
 * current section brought into it), drawn from the list it is given.
 */
export function AdminLayout({
  user,
  onLogout,
  tabs,
  current,
  onTab,
  busy = false,
  children,
}: {
  user: { name: string; email: string };
  onLogout: () => void;
  tabs: readonly AdminTab[];
  current: string;
  onTab: (id: string) => void;
  /** The sections' counts (new enquiries) are still loading. */
  busy?: boolean;
  children: ReactNode;
}) {
  const groups = [...new Set(tabs.map((tab) => tab.group))];
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const row = nav.current;
    showCurrentSection(row);
    // The counts beside the sections' names (and the web font) arrive later and widen the row:
    // the current section is brought into sight again then, not left where it was pushed.
    if (!row || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => showCurrentSection(row));
    for (const group of Array.from(row.children)) observer.observe(group);
    return () => observer.disconnect();
  }, [current]);
  return (
    <div className={styles.shell}>
      <div className={styles.inner}>
        <div className={styles.topBar}>
          <div>
            <h1 className={styles.welcome}>Welcome, {user.name}</h1>
            <p className={styles.subtle}>
              Signed in as <span className={styles.email}>{user.email}</span>
            </p>
          </div>
          <Button variant="outline" onClick={onLogout}>
            <LogOut size={18} aria-hidden="true" /> Logout
          </Button>
        </div>
        <div className={styles.frame}>
          <nav
            ref={nav}
            aria-label="Admin sections"
            aria-busy={busy || undefined}
            className={styles.nav}
            data-scroll-cue=""
          >
            {groups.map((group) => (
              <div key={group} role="group" aria-labelledby={`admin-nav-${group}`} className={styles.group}>
                <span id={`admin-nav-${group}`} className={styles.groupLabel}>
                  {group}
                </span>
                {tabs
                  .filter((tab) => tab.group === group)
                  .map((tab) => (
                    <button
                      key={tab.id}
                      type="button"
                      className={styles.navItem}
                      aria-current={tab.id === current ? 'page' : undefined}
                      data-section={tab.id}
                      onClick={() => onTab(tab.id)}
                    >
                      {tab.label}
                    </button>
                  ))}
              </div>
            ))}
          </nav>
          <div className={styles.page}>{children}</div>
        </div>
      </div>
    </div>
  );
}

/**
 * In the row that scrolls sideways (a phone's), the current section is in sight, not past the edge:
 * one that ends in the row's last quarter or beyond is brought to a quarter of the way in, any
 * other leaves the row at its start. Worked out from the row's layout alone, never from where it
 * was scrolled, so the counts arriving before or after the click end in the same place.
 */
function showCurrentSection(nav: HTMLElement | null): void {
  const tab = nav?.querySelector('[aria-current="page"]');
  if (!nav || !tab || nav.scrollWidth <= nav.clientWidth) return;
  const row = nav.getBoundingClientRect();
  const box = tab.getBoundingClientRect();
  const start = box.left - row.left + nav.scrollLeft;
  nav.scrollLeft = start + box.width > (row.width * 3) / 4 ? start - row.width / 4 : 0;
}

/** In place of the admin area: a centred message (the session being checked, Access Denied). */
export function AdminNotice({
  icon,
  title,
  text,
  busy = false,
}: {
  icon?: ReactNode;
  title?: string;
  text: string;
  busy?: boolean;
}) {
  return (
    <div className={styles.centre} role={busy ? 'status' : undefined}>
      {icon}
      {title ? <h1 className={styles.welcome}>{title}</h1> : null}
      <p className={styles.subtle}>{text}</p>
    </div>
  );
}
