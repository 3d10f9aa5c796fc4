/**
 * Framework-free toast store (same idea as shadcn's use-toast), so toasts can be raised from
 * anywhere, including outside React, and read with useSyncExternalStore.
 */

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

export interface ToastItem {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
}

export type ToastListener = (toasts: ReadonlyArray<ToastItem>) => void;

export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION = 5000;
// Dismissed toasts linger (closed) this long before removal, as in the spec.
export const TOAST_REMOVE_DELAY = 1_000_000;

const EMPTY: ReadonlyArray<ToastItem> = [];

let toasts: ReadonlyArray<ToastItem> = EMPTY;
let counter = 0;
const listeners = new Set<ToastListener>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

// The array is always replaced, never mutated, so snapshots compare by reference.
function setToasts(next: ReadonlyArray<ToastItem>): void {
  toasts = next;
  listeners.forEach((listener) => listener(toasts));
}

function clearRemoveTimer(id: string): void {
  const timer = removeTimers.get(id);
  if (timer !== undefined) {
    clearTimeout(timer);
    removeTimers.delete(id);
  }
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  const timer = setTimeout(() => {
    removeTimers.delete(id);
    setToasts(toasts.filter((t) => t.id !== id));
  }, TOAST_REMOVE_DELAY);
  removeTimers.set(id, timer);
}

function nextId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `toast-${counter}`;
}

export function dismiss(id?: string): void {
  let changed = false;
  const next = toasts.map((t) => {
    if ((id === undefined || t.id === id) && t.open) {
      changed = true;
      scheduleRemoval(t.id);
      return { ...t, open: false };
    }
    return t;
  });
  if (changed) setToasts(next);
}

export function toast({ title, description, variant, duration }: ToastOptions): ToastHandle {
  const id = nextId();
  const item: ToastItem = {
    id,
    title,
    description,
    variant: variant ?? 'default',
    duration: duration ?? TOAST_DEFAULT_DURATION,
    open: true,
  };
  const next = [item, ...toasts];
  // With TOAST_LIMIT = 1 the new toast replaces the old one outright.
  next.slice(TOAST_LIMIT).forEach((dropped) => clearRemoveTimer(dropped.id));
  setToasts(next.slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismiss(id) };
}

export function subscribe(listener: ToastListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getToasts(): ReadonlyArray<ToastItem> {
  return toasts;
}

/** Server snapshot: toasts are client-only, so SSR always renders none. */
export function getServerToasts(): ReadonlyArray<ToastItem> {
  return EMPTY;
}
