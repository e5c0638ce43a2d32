import type { ReactElement, ReactNode } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  /** Typically a <ToastAction altText="...">. */
  action?: ReactElement;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

// One toast at a time; a new one replaces the current one.
const TOAST_LIMIT = 1;
// Long enough for the swipe/fade-out animation to finish before the node unmounts.
const REMOVE_DELAY_MS = 400;

let toasts: ToastItem[] = [];
const listeners = new Set<() => void>();
let nextId = 0;

function setToasts(next: ToastItem[]): void {
  toasts = next;
  listeners.forEach((listener) => listener());
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): ToastItem[] {
  return toasts;
}

function scheduleRemoval(id: string): void {
  window.setTimeout(() => setToasts(toasts.filter((item) => item.id !== id)), REMOVE_DELAY_MS);
}

/** Closes one toast, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  const closing = toasts.filter((item) => item.open && (id === undefined || item.id === id));
  if (closing.length === 0) return;
  setToasts(toasts.map((item) => (closing.includes(item) ? { ...item, open: false } : item)));
  closing.forEach((item) => scheduleRemoval(item.id));
}

/** Shows a toast from anywhere, including outside React (e.g. the query client). */
export function toast(options: ToastOptions): ToastHandle {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  const replaced = toasts.filter((item) => item.open).slice(TOAST_LIMIT - 1);
  setToasts([
    { ...options, id, open: true },
    ...toasts.map((item) => (replaced.includes(item) ? { ...item, open: false } : item)),
  ]);
  replaced.forEach((item) => scheduleRemoval(item.id));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) =>
      setToasts(toasts.map((item) => (item.id === id ? { ...item, ...next } : item))),
  };
}
