import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, toast, type ToastItem } from './toast-store';

export interface UseToast {
  toasts: ToastItem[];
  toast: typeof toast;
  dismiss: typeof dismissToast;
}

/** A page the server draws shows no toast: a toast is one browser's, raised by what it did. */
const NONE_DRAWN: ToastItem[] = [];
const noneDrawn = () => NONE_DRAWN;

export function useToast(): UseToast {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, noneDrawn);
  return { toasts, toast, dismiss: dismissToast };
}
