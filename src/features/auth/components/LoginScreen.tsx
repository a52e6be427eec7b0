import { styles as s, vars } from '../../../ui';

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
    <main style={{ maxWidth: 420, margin: '12vh auto', background: vars.color.surface, padding: vars.space.xl, borderRadius: vars.radius.lg, boxShadow: vars.shadow.card, textAlign: 'center' }}>
      <h1>Funnel Admin</h1>
      <p style={{ color: vars.color.muted }}>Build, edit and publish sales funnels.</p>
      {error && (
        <div role="alert" style={{ background: vars.color.dangerBg, color: vars.color.danger, padding: 12, borderRadius: vars.radius.md, marginBottom: 16 }}>
          <strong>Oops...</strong> {error}
        </div>
      )}
      {/* A native button with the design system's look: the sign-in page loads no react-aria. */}
      <button type="button" className={s.button({ variant: 'primary' })} onClick={onSignIn} disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</button>
    </main>
  );
}
