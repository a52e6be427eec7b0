/**
 * Notifications (000 §8): an API error shows as a notification titled 'Error' with the
 * message's first letter capitalised; successes and infos likewise. Errors stay until
 * dismissed; others fade after 5 s.
 */
import { create } from 'zustand';
import { capitalize, MSG } from '../model';
import { Button } from './Button';
import * as s from './styles.css';
import { vars } from './theme.css';

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

const toneClass = { error: s.tone.danger, success: s.tone.success, info: s.tone.info } as const;

/** Where notifications appear (bottom right); errors are announced assertively. */
export function ToastRegion() {
  const { toasts, dismiss } = useToasts();
  return (
    <div aria-label="Notifications" role="region" style={{ position: 'fixed', right: 16, bottom: 16, display: 'flex', flexDirection: 'column', gap: 8, zIndex: 200, maxWidth: 380 }}>
      {toasts.map((t) => (
        <div key={t.id} role={t.tone === 'error' ? 'alert' : 'status'} className={toneClass[t.tone]}
          style={{ padding: '10px 12px', borderRadius: vars.radius.md, boxShadow: vars.shadow.card, display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <div style={{ flex: 1 }}>
            <strong>{t.title}</strong>
            <div>{t.message}</div>
          </div>
          <Button size="sm" variant="ghost" aria-label={`Dismiss ${t.title}`} onPress={() => dismiss(t.id)}>×</Button>
        </div>
      ))}
    </div>
  );
}
