import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD } from '../../../shared/constants';
import { dismissToast, useToasts } from './toast-store';
import * as styles from './Toaster.css';

/**
 * Radix toasts with the settings of docs/specification.md §9: 5 s, swipe right past 50 px, F8 focuses the region.
 * Loaded with the first toast (or the first F8), so public pages do not pay for it up front.
 */
export default function RadixToaster({ focusOnMount }: { focusOnMount: boolean }) {
  const toasts = useToasts();
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={[styles.root, t.variant === 'destructive' ? styles.destructive : ''].join(' ')}
          data-variant={t.variant}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
        >
          <div>
            <ToastPrimitive.Title className={styles.title}>{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className={styles.description}>
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close className={styles.close} aria-label="Close notification">
            <X size={16} aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        className={styles.viewport}
        hotkey={TOAST_HOTKEY}
        label="Notifications ({hotkey})"
      />
    </ToastPrimitive.Provider>
  );
}
