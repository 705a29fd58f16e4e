import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../../../shared/constants';

export type ToastVariant = 'default' | 'destructive';

export interface ToastData {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  open: boolean;
}

// A tiny store behind toast(): at most TOAST_LIMIT toasts, newest first. A dismissed toast closes at
// once and leaves the list after TOAST_REMOVE_DELAY_MS (docs/specification.md §9, constants and limits).
let toasts: ToastData[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): number {
  const id = nextId++;
  toasts = [
    {
      id,
      title: input.title,
      description: input.description,
      variant: input.variant ?? 'default',
      open: true,
    },
    ...toasts,
  ].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

/**
 * A message of the specification's validation rules (docs/specification.md §5) and error catalogue written as one line, 'Title - description' (as the server's
 * messages are), shown as a toast's title and description.
 */
export function toastMessage(message: string, variant: ToastVariant = 'destructive'): number {
  const [title = message, ...rest] = message.split(' - ');
  return toast({ title, description: rest.length > 0 ? rest.join(' - ') : undefined, variant });
}

export function dismissToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY: ToastData[] = [];

export function useToasts(): ToastData[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => EMPTY,
  );
}
