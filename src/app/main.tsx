/**
 * SPA entry: reads the identity provider's settings from `GET /api/config`, then mounts the app
 * (app.tsx: OIDC session, TanStack Query, the router), loaded beside that read. A first visit
 * to /login with no session stored paints the sign-in page from this chunk alone — React and
 * the LoginScreen — and loads the OIDC client only when Sign in is pressed (sign-in.ts); the
 * identity provider then returns to /login/callback, which the app handles. So the page a
 * signed-out operator meets first loads the least JavaScript.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorOverlay, useDocumentTitle } from '../ui';
import '../ui/fonts';
import '../ui/theme.css';
import { LoginScreen } from '../features/auth/components/LoginScreen';
import type { AuthConfig } from './oidc-settings';
import { storedUserKey } from './stored-session';

/** A session the OIDC client keeps (stored-session.ts). */
function hasStoredSession(config: AuthConfig): boolean {
  try {
    return localStorage.getItem(storedUserKey(config)) !== null;
  } catch {
    return false;
  }
}

/** Where the app's redirect to /login asked to return after sign-in (React Router keeps it in `history.state.usr`). */
function returnToOf(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('usr' in state)) return '/';
  const usr = state.usr;
  if (typeof usr !== 'object' || usr === null || !('returnTo' in usr)) return '/';
  return typeof usr.returnTo === 'string' ? usr.returnTo : '/';
}

/** /login before the app loads: the same screen as the app's LoginRoute; Sign in loads the OIDC client and starts the flow. */
function SignInPage({ config }: { config: AuthConfig }) {
  useDocumentTitle(['Sign in']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSignIn = () => {
    setBusy(true);
    setError(null);
    import('./sign-in')
      .then((m) => m.signIn(config, returnToOf(window.history.state)))
      .catch((e: unknown) => {
        setBusy(false);
        setError(e instanceof Error ? e.message : String(e));
      });
  };
  return <LoginScreen busy={busy} error={error} onSignIn={onSignIn} />;
}

async function boot() {
  const host = document.getElementById('root');
  if (!host) throw new Error('index.html has no #root element');
  const root = createRoot(host);
  // Any page but /login needs the app: loaded while the configuration is read.
  const app = window.location.pathname === '/login' ? null : import('./app');
  app?.catch(() => {}); // reported below, once the configuration is known
  let config: AuthConfig;
  try {
    const res = await fetch('/api/config');
    if (!res.ok) throw new Error(`The API answered ${res.status} to /api/config`);
    config = parseAuthConfig(await res.json());
  } catch (e) {
    root.render(
      <ErrorOverlay message={`Funnel Admin could not reach its API: ${e instanceof Error ? e.message : String(e)}`} onRetry={() => window.location.reload()} />,
    );
    return;
  }
  if (!app && !hasStoredSession(config)) {
    root.render(<SignInPage config={config} />);
    return;
  }
  try {
    (await (app ?? import('./app'))).mountApp(root, config);
  } catch (e) {
    root.render(
      <ErrorOverlay message={`Funnel Admin could not load: ${e instanceof Error ? e.message : String(e)}`} onRetry={() => window.location.reload()} />,
    );
  }
}

/**
 * Checks `GET /api/config` (four non-empty strings; the server's `SpaConfig` schema) without
 * zod, which the sign-in page does not otherwise load. @throws Error naming the first bad field.
 */
function parseAuthConfig(x: unknown): AuthConfig {
  const fields = new Map<string, unknown>(typeof x === 'object' && x !== null ? Object.entries(x) : []);
  const field = (k: keyof AuthConfig): string => {
    const v = fields.get(k);
    if (typeof v !== 'string' || !v) throw new Error(`its /api/config has no ${k}`);
    return v;
  };
  return { issuer: field('issuer'), client_id: field('client_id'), audience: field('audience'), scope: field('scope') };
}

void boot();
