import { Box, styles as s } from '../../../ui';
import { loginPanel } from './auth.css';

/** Props of {@link LoginScreen}. */
export interface LoginScreenProps {
  onSignIn: () => void;
  /** An authentication error: shown as 'Oops...' with its message (001 §8). */
  error?: string | null;
  busy?: boolean;
}

/**
 * The /login page (001 §2): staff sign in through the identity provider with the Sign in
 * button; an authentication error shows 'Oops...' with its message.
 */
export function LoginScreen({ onSignIn, error, busy }: LoginScreenProps) {
  return (
    <main className={loginPanel}>
      <h1>Funnel Admin</h1>
      <Box as="p" color="muted">
        Build, edit and publish sales funnels.
      </Box>
      {error && (
        <Box role="alert" background="dangerBg" color="danger" padding="md" borderRadius="md" marginBottom={16}>
          <strong>Oops...</strong> {error}
        </Box>
      )}
      {/* A native button with the design system's look: the sign-in page loads no react-aria. */}
      <button type="button" className={s.button({ variant: 'primary' })} onClick={onSignIn} disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </main>
  );
}
