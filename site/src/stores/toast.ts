import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  description?: string;
}

// Default toast 5 seconds (behaviour.md#constants-and-limits).
export const TOAST_MS = 5000;
export const $toasts = atom<Toast[]>([]);
let next = 1;

export function toast(kind: ToastKind, title: string, description?: string, ms = TOAST_MS): number {
  const id = next++;
  $toasts.set([...$toasts.get(), { id, kind, title, description }]);
  setTimeout(() => dismissToast(id), ms);
  return id;
}

export function dismissToast(id: number) {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}
