import { MSG } from '../model';
import { Box } from './Box';
import * as s from './styles.css';

/**
 * The global error overlay (001 §2, §8): the message, a Try again link and the seed's text.
 */
export function ErrorOverlay({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className={s.errorPanel}>
      <h1>Something went wrong</h1>
      <p>{message}</p>
      <p>
        <a
          href={window.location.href}
          onClick={(e) => {
            e.preventDefault();
            onRetry();
          }}
        >
          Try again
        </a>
      </p>
      <Box as="p" color="muted">
        {MSG.overlayHint}
      </Box>
    </div>
  );
}
