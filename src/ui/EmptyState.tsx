import type { ReactNode } from 'react';
import { Box } from './Box';
import * as s from './styles.css';

/**
 * An empty list's message in the seeds' words (001 §2 "Empty states"), with an optional action:
 * the screen's own control for the next step, shown below the message.
 */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div role="status" className={s.emptyState}>
      <Box as="p" margin="none">
        {message}
      </Box>
      {action && <Box marginTop="md">{action}</Box>}
    </div>
  );
}
