import { AlertTriangle, Check, CloudOff, Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { formatDateTime } from '../../../lib/dates';
import * as styles from './Editor.css';

export type AutosaveState =
  | { state: 'idle' }
  | { state: 'pending' }
  | { state: 'saving' }
  | { state: 'saved'; at: string }
  | { state: 'failed' };

/** The autosave's line under the editor's title: what happened to the admin's typing. */
export function AutosaveStatus({ status, dirty }: { status: AutosaveState; dirty: boolean }) {
  let content: ReactNode = null;
  if (status.state === 'saving')
    content = (
      <>
        <Loader2 size={14} aria-hidden="true" /> Saving draft...
      </>
    );
  else if (status.state === 'failed')
    content = (
      <>
        <CloudOff size={14} aria-hidden="true" /> Not saved automatically - check your connection, then save.
      </>
    );
  else if (dirty) content = 'Unsaved changes';
  else if (status.state === 'saved')
    content = (
      <>
        <Check size={14} aria-hidden="true" /> Draft saved automatically at{' '}
        <time dateTime={status.at}>{formatDateTime(status.at).split(', ').pop()}</time>
      </>
    );
  return (
    <p className={styles.autosave} role="status" aria-live="polite" data-testid="autosave-status">
      {content}
    </p>
  );
}

/**
 * Someone else saved this post since it was opened here: say so, and let the admin load their
 * version (losing these changes) or save these over it knowingly.
 */
export function ConflictNotice({
  savedBy,
  savedAt,
  onReload,
  onOverwrite,
  busy,
}: {
  savedBy: string | null;
  savedAt: string | null;
  onReload: () => void;
  onOverwrite: () => void;
  busy: boolean;
}) {
  return (
    <div className={styles.conflict} role="alert" data-testid="conflict-notice">
      <p className={styles.conflictTitle}>
        <AlertTriangle size={16} aria-hidden="true" /> Someone else has changed this post
      </p>
      <p>
        {savedBy ?? 'Another admin'} saved it{savedAt ? ` at ${formatDateTime(savedAt)}` : ''} while you were
        editing. Saving now would overwrite their changes.
      </p>
      <div className={styles.row}>
        <Button variant="outline" onClick={onReload} disabled={busy}>
          Load their version
        </Button>
        <Button variant="danger" onClick={onOverwrite} disabled={busy}>
          Overwrite with mine
        </Button>
      </div>
    </div>
  );
}
