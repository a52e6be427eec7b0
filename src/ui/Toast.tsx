/**
 * Notifications (000 §8): an API error shows as a notification titled 'Error' with the
 * message's first letter capitalised; successes and infos likewise. Errors stay until
 * dismissed; others fade after 5 s. The store and `notify` are here (the API client raises
 * them before the shell has loaded); {@link ToastRegion} shows them.
 */
import { create } from 'zustand';
import { capitalize, MSG } from '../model';

/** One notification. `tone` picks colour and ARIA politeness. */
export interface Toast {
  id: number;
  tone: 'error' | 'success' | 'info';
  title: string;
  message: string;
}

interface ToastState {
  toasts: Toast[];
  push: (t: Omit<Toast, 'id'>) => void;
  dismiss: (id: number) => void;
}

let seq = 0;
/** Fade timers of the toasts that fade, by id. */
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * The toast store; use {@link notify} to raise one. One toast per error: a toast
 * identical (tone, title, message) to one still shown adds nothing; the shown one stays, and
 * one that fades starts its 5 s again.
 */
export const useToasts = create<ToastState>((set, get) => {
  const fade = (id: number) => {
    clearTimeout(timers.get(id));
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), 5000),
    );
  };
  return {
    toasts: [],
    push: (t) => {
      const same = get().toasts.find((x) => x.tone === t.tone && x.title === t.title && x.message === t.message);
      if (same) {
        if (timers.has(same.id)) fade(same.id);
        return;
      }
      const id = ++seq;
      set((st) => ({ toasts: [...st.toasts, { ...t, id }] }));
      if (t.tone !== 'error') fade(id);
    },
    dismiss: (id) => {
      clearTimeout(timers.get(id));
      timers.delete(id);
      set((st) => ({ toasts: st.toasts.filter((x) => x.id !== id) }));
    },
  };
});

/** Raise notifications from anywhere (event handlers, API client). */
export const notify = {
  error: (message: string) => useToasts.getState().push({ tone: 'error', title: MSG.errorTitle, message: capitalize(message) }),
  success: (message: string) => useToasts.getState().push({ tone: 'success', title: 'Success', message: capitalize(message) }),
  info: (message: string) => useToasts.getState().push({ tone: 'info', title: 'Info', message }),
};
