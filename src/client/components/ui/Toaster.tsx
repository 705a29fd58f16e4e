import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { TOAST_HOTKEY } from '../../../shared/constants';
import { useToasts } from './toast-store';

const RadixToaster = lazy(() => import('./RadixToaster'));

/**
 * Mounts the notification region (Radix toasts) once it is first needed: when a toast is shown, or
 * when someone presses F8 to reach the notifications.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const toasts = useToasts();
  const [wanted, setWanted] = useState<'no' | 'toast' | 'hotkey'>('no');
  useEffect(() => {
    if (wanted === 'no' && toasts.length > 0) setWanted('toast');
  }, [toasts.length, wanted]);
  useEffect(() => {
    if (wanted !== 'no') return;
    const onKey = (event: KeyboardEvent) => {
      if (TOAST_HOTKEY.includes(event.code) || TOAST_HOTKEY.includes(event.key)) setWanted('hotkey');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [wanted]);
  return (
    <>
      {children}
      {wanted !== 'no' ? (
        <Suspense fallback={null}>
          <RadixToaster focusOnMount={wanted === 'hotkey'} />
        </Suspense>
      ) : null}
    </>
  );
}
