import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/Button';
import { formatDateTime } from '../../../lib/dates';
import * as styles from './Editor.css';

/**
 * Someone saved this post since it was opened here (another admin, or this one in another tab):
 * say who and when, and let the admin load that version (losing these changes) or save these over
 * it knowingly. It takes focus when it appears, so the admin (and a screen reader) is taken to it
 * from the button that met the conflict.
 */
export function ConflictNotice({
  savedBy,
  savedAt,
  mine,
  onReload,
  onOverwrite,
  busy,
}: {
  savedBy: string | null;
  savedAt: string | null;
  /** The signed-in admin saved it, elsewhere. */
  mine: boolean;
  onReload: () => void;
  onOverwrite: () => void;
  busy: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  const when = savedAt ? ` at ${formatDateTime(savedAt)}` : '';
  return (
    <div ref={box} tabIndex={-1} className={styles.conflict} role="alert" data-testid="conflict-notice">
      <p className={styles.conflictTitle}>
        <AlertTriangle size={16} aria-hidden="true" />{' '}
        {mine ? 'This post was changed in another tab' : 'Someone else has changed this post'}
      </p>
      <p>
        {mine
          ? `You saved this post in another tab or window${when}. Saving here would overwrite those changes.`
          : `${savedBy ?? 'Another admin'} saved this post${when} while you were editing. Saving now would overwrite their changes.`}
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
