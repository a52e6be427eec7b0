/** What a funnel screen or tab shows when its read failed. */
import { Box, Button } from '../../ui';

/**
 * A read that failed: `message` says what could not be loaded (and why, where the screen says
 * it), and Try again calls `onRetry` (the query's refetch). Announced as an alert.
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box role="alert">
      <p>{message}</p>
      <Button onPress={onRetry}>Try again</Button>
    </Box>
  );
}
