import type { ReactNode } from 'react';
import { vars } from './theme.css';

/** An empty list's message in the seeds' words (001 §2 "Empty states"), with an optional action. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div role="status" style={{ padding: vars.space.xl, textAlign: 'center', color: vars.color.muted, border: `1px dashed ${vars.color.border}`, borderRadius: vars.radius.lg }}>
      <p style={{ margin: 0 }}>{message}</p>
      {action && <div style={{ marginTop: vars.space.md }}>{action}</div>}
    </div>
  );
}
