import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD } from '../../../shared/constants';
import { dismissToast, useToasts } from './toast-store';
import * as styles from './Toaster.css';

/** Radix toasts with SPEC section 9's settings: 5 s, swipe right past 50 px, F8 focuses the region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {children}
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
              <ToastPrimitive.Description className={styles.description}>{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close className={styles.close} aria-label="Close notification">
            <X size={16} aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className={styles.viewport} hotkey={TOAST_HOTKEY} label="Notifications ({hotkey})" />
    </ToastPrimitive.Provider>
  );
}
