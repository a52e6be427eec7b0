import { MSG } from '../model';
import { vars } from './theme.css';

/**
 * The global error overlay (001 §2, §8): the message, a Try again link and the seed's text.
 */
export function ErrorOverlay({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" style={{ maxWidth: 560, margin: '10vh auto', background: vars.color.surface, padding: vars.space.xl, borderRadius: vars.radius.lg, boxShadow: vars.shadow.modal }}>
      <h1>Something went wrong</h1>
      <p>{message}</p>
      <p>
        <a href="#" onClick={(e) => { e.preventDefault(); onRetry(); }}>Try again</a>
      </p>
      <p style={{ color: vars.color.muted }}>{MSG.overlayHint}</p>
    </div>
  );
}
