import { setElementVars } from '@vanilla-extract/dynamic';
import { AlertTriangle, Check, CloudOff, Loader2 } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
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

/** Keeps the bar's height on the editor around it, for what sticks under the bar. */
function useStickyHeight() {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = bar.current;
    const editor = el?.parentElement;
    if (!el || !editor) return;
    const measure = () => setElementVars(editor, { [styles.barHeight]: `${el.offsetHeight}px` });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return bar;
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
  const bar = useStickyHeight();
  return (
    <div ref={bar} className={styles.bar}>
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
