/**
 * Sign-in (001 §1, §6): OpenID Connect code flow with PKCE through oidc-client-ts and
 * react-oidc-context against the issuer the API names in `GET /api/config`.
 */
import { useEffect, useLayoutEffect, useMemo, type ReactNode } from 'react';
import { AuthProvider, useAuth } from 'react-oidc-context';
import type { User } from 'oidc-client-ts';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { configureApi } from '../api';
import { Box, notify } from '../ui';
import { oidcSettings, type AuthConfig } from './oidc-settings';

export type { AuthConfig } from './oidc-settings';

let token: string | null = null;
let onUnauthorized: () => void = () => {};

configureApi({
  getToken: () => token,
  onUnauthorized: () => onUnauthorized(),
  notify: (tone, message) => (tone === 'success' ? notify.success(message) : notify.error(message)),
});

/** Provides the OIDC session; `onSignedIn` receives the URL to return to after the callback. */
export function AppAuthProvider({ config, onSignedIn, children }: { config: AuthConfig; onSignedIn: (returnTo: string) => void; children: ReactNode }) {
  const settings = useMemo(() => oidcSettings(config), [config]);
  return (
    <AuthProvider
      {...settings}
      onSigninCallback={(user: User | void) => {
        const returnTo = (user?.state as { returnTo?: string } | undefined)?.returnTo ?? '/';
        onSignedIn(returnTo);
      }}
    >
      <TokenBridge />
      {children}
    </AuthProvider>
  );
}

/** Keeps the API client's bearer token in step with the session. */
function TokenBridge() {
  const auth = useAuth();
  const accessToken = auth.user?.access_token ?? null;
  // A layout effect runs before any component's effects, so no request goes out with a stale token.
  useLayoutEffect(() => {
    token = accessToken;
  }, [accessToken]);
  useEffect(() => {
    onUnauthorized = () => {
      void auth.removeUser();
    };
  }, [auth]);
  return null;
}

/** Renders children (or the child routes) only when signed in; otherwise redirects to /login (001 §2). */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const auth = useAuth();
  const loc = useLocation();
  if (auth.isLoading || auth.activeNavigator)
    return (
      <Box as="p" role="status" padding={24}>
        Signing in…
      </Box>
    );
  if (!auth.isAuthenticated) return <Navigate to="/login" replace state={{ returnTo: loc.pathname + loc.search }} />;
  return <>{children ?? <Outlet />}</>;
}
