import { Button } from './Button';
import * as s from './styles.css';
import { vars } from './theme.css';
import { useToasts } from './Toast';

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
