import { useEffect, useRef, useState, type RefObject } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

/** Where a click takes the admin away from the editor: a link, or a section of the admin's navigation. */
const LEAVING = 'a[href], nav button, [data-leaves-editor]';

/**
 * While `dirty`, leaving an editor (the post editor, the newsletter composer) asks first: closing or reloading the tab (the browser's own
 * question), and a click on a link or the admin's navigation outside `root` (our dialog; on
 * "Leave" the same click is made again). `ask(then)` asks before the editor's own ways out.
 * `what` names the thing being edited in the question ('post', 'issue').
 */
export function useLeaveGuard(dirty: boolean, root: RefObject<HTMLElement | null>, what: string) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const passing = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show their question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!dirtyRef.current || passing.current || event.defaultPrevented) return;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>(LEAVING) : null;
      if (
        !target ||
        root.current?.contains(target) ||
        target.closest('[role="dialog"], [role="alertdialog"]')
      )
        return;
      if (
        target instanceof HTMLAnchorElement &&
        (target.target === '_blank' || target.hasAttribute('download'))
      )
        return;
      event.preventDefault();
      event.stopPropagation();
      setPending(() => () => {
        passing.current = true;
        try {
          target.click();
        } finally {
          passing.current = false;
        }
      });
    };
    // Capture: before wouter's links and the navigation's own handlers.
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [root]);

  const ask = (then: () => void) => {
    if (dirtyRef.current) setPending(() => then);
    else then();
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) setPending(null);
      }}
      title="Leave without saving?"
      description={`This ${what} has changes that are not saved yet. If you leave now, they will be lost.`}
      cancelLabel="Keep editing"
      confirmLabel="Leave without saving"
      onConfirm={() => {
        const go = pending;
        setPending(null);
        go?.();
      }}
    />
  );
  return { ask, dialog };
}
