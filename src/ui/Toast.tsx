/**
 * Notifications (000 §8): an API error shows as a notification titled 'Error' with the
 * message's first letter capitalised; successes and infos likewise. Errors stay until
 * dismissed; others fade after 5 s. The store and `notify` are here (the API client raises
 * them before the shell has loaded); {@link ToastRegion} shows them.
 */
import { create } from 'zustand';
import { capitalize, MSG } from '../model';

/** One notification. `tone` picks colour and ARIA politeness. */
export interface Toast { id: number; tone: 'error' | 'success' | 'info'; title: string; message: string }

interface ToastState { toasts: Toast[]; push: (t: Omit<Toast, 'id'>) => void; dismiss: (id: number) => void }

let seq = 0;
/** The toast store; use {@link notify} to raise one. */
export const useToasts = create<ToastState>((set) => ({
  toasts: [],
  push: (t) => {
    const id = ++seq;
    set((st) => ({ toasts: [...st.toasts, { ...t, id }] }));
    if (t.tone !== 'error') setTimeout(() => set((st) => ({ toasts: st.toasts.filter((x) => x.id !== id) })), 5000);
  },
  dismiss: (id) => set((st) => ({ toasts: st.toasts.filter((x) => x.id !== id) })),
}));

/** Raise notifications from anywhere (event handlers, API client). */
export const notify = {
  error: (message: string) => useToasts.getState().push({ tone: 'error', title: MSG.errorTitle, message: capitalize(message) }),
  success: (message: string) => useToasts.getState().push({ tone: 'success', title: 'Success', message: capitalize(message) }),
  info: (message: string) => useToasts.getState().push({ tone: 'info', title: 'Info', message }),
};
