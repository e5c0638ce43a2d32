import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts, toast, type ToastItem } from './toast-store';

export interface UseToast {
  toasts: ToastItem[];
  toast: typeof toast;
  dismiss: typeof dismissToast;
}

export function useToast(): UseToast {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return { toasts, toast, dismiss: dismissToast };
}
