import { AlertTriangle, Check, CloudOff, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/dates';
import type { SaveState } from './useAutosave';
import * as styles from './SaveStatus.css';

function lineOf(status: SaveState, dirty: boolean): ReactNode {
  if (status.state === 'conflict')
    return (
      <>
        <AlertTriangle size={14} aria-hidden="true" /> Not saved: changed elsewhere
      </>
    );
  if (status.state === 'saving')
    return (
      <>
        <Loader2 size={14} aria-hidden="true" /> Saving draft...
      </>
    );
  if (status.state === 'failed')
    return (
      <>
        <CloudOff size={14} aria-hidden="true" /> Not saved automatically - check your connection, then save.
      </>
    );
  if (dirty) return 'Unsaved changes';
  if (status.state === 'saved')
    return (
      <>
        <Check size={14} aria-hidden="true" /> Draft saved automatically at{' '}
        <time dateTime={status.at}>{formatDateTime(status.at).split(', ').pop()}</time>
      </>
    );
  return null;
}

/**
 * An editor's heading and save state (saving, saved, unsaved, failed, changed elsewhere) in a bar
 * that stays in sight while the editor is on screen, as Ghost's editor header does; `children` (a
 * conflict notice) are shown in the same bar.
 */
export function SaveStatus({
  title,
  status,
  dirty,
  children,
}: {
  /** The editor's heading, on the bar's left. */
  title: ReactNode;
  status: SaveState;
  dirty: boolean;
  children?: ReactNode;
}) {
  const bad = status.state === 'conflict' || status.state === 'failed';
  return (
    <div className={styles.bar}>
      <div className={styles.head}>
        {title}
        <p
          className={bad ? styles.bad : styles.line}
          role="status"
          aria-live="polite"
          data-testid="autosave-status"
        >
          {lineOf(status, dirty)}
        </p>
      </div>
      {children}
    </div>
  );
}
