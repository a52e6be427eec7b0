import { Box } from './Box';
import { Button } from './Button';
import * as s from './styles.css';
import { useToasts } from './Toast';

const toneClass = { error: s.tone.danger, success: s.tone.success, info: s.tone.info } as const;

/** Where notifications appear (bottom right); errors are announced assertively. */
export function ToastRegion() {
  const { toasts, dismiss } = useToasts();
  return (
    <div aria-label="Notifications" role="region" className={s.toastRegion}>
      {toasts.map((t) => (
        <div key={t.id} role={t.tone === 'error' ? 'alert' : 'status'} className={`${toneClass[t.tone]} ${s.toast}`}>
          <Box flex={1}>
            <strong>{t.title}</strong>
            <div>{t.message}</div>
          </Box>
          <Button size="sm" variant="ghost" aria-label={`Dismiss ${t.title}`} onPress={() => dismiss(t.id)}>
            ×
          </Button>
        </div>
      ))}
    </div>
  );
}
