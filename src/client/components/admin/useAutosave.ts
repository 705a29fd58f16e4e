import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before an editor's draft saves itself. */
export const AUTOSAVE_AFTER_MS = 3000;

export type SaveState =
  | { state: 'idle' }
  | { state: 'pending' }
  | { state: 'saving' }
  | { state: 'saved'; at: string }
  | { state: 'failed' }
  | { state: 'conflict' };

/**
 * An editor's autosave: while `dirty`, `save` runs once `value` has stopped changing for a few
 * seconds (the latest `save`, so it sees the latest fields). Returns the state for SaveStatus and
 * its setter, which `save` uses to say how it went.
 */
export function useAutosave(value: unknown, dirty: boolean, save: () => void) {
  const [status, setStatus] = useState<SaveState>({ state: 'idle' });
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    if (!dirty) return;
    setStatus((s) => (s.state === 'saving' ? s : { state: 'pending' }));
    const timer = window.setTimeout(() => saveRef.current(), AUTOSAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [value, dirty]);
  return [status, setStatus] as const;
}
