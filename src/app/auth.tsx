/**
 * Sign-in (001 §1, §6): OpenID Connect code flow with PKCE through oidc-client-ts against the
 * issuer the API names in `GET /api/config`. The session a screen reads (`useSession`,
 * src/api/auth-session.ts) starts from the user the client stored, read at once
 * (stored-session.ts); the client itself (oidc-session.ts) loads beside the first screen and
 * takes over: it finishes the code flow's callback, renews the token silently, signs in and out.
 * So a signed-in first visit paints without the OIDC client's 20 kB.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { configureApi } from '../api';
import { isUnexpired, SessionContext, useSession, type Session, type SessionUser } from '../api/auth-session';
import { Box, notify } from '../ui';
import type { AuthConfig } from './oidc-settings';
import type { OidcSession } from './oidc-session';
import { forgetStoredUser, hasAuthParams, readStoredUser } from './stored-session';

export type { AuthConfig } from './oidc-settings';

let token: string | null = null;
let onUnauthorized: () => void = () => {};

configureApi({
  getToken: () => token,
  onUnauthorized: () => onUnauthorized(),
  notify: (tone, message) => (tone === 'success' ? notify.success(message) : notify.error(message)),
});

/** The session's own state (the actions are added around it). */
type SessionState = Pick<Session, 'user' | 'isLoading' | 'isAuthenticated' | 'activeNavigator' | 'error'>;

/**
 * A user as the session holds it: authenticated while its token has not expired. The same
 * token again (the client confirming the stored user the screen already runs on) keeps the
 * state as it is, so the screen does not render again under the operator's hands.
 */
const withUser = (s: SessionState, user: SessionUser | null): SessionState =>
  user && s.user?.access_token === user.access_token && !s.isLoading && !s.error && s.isAuthenticated === isUnexpired(user)
    ? s
    : { ...s, user, isAuthenticated: isUnexpired(user), isLoading: false, error: undefined };

/**
 * The state before the OIDC client has loaded: a stored user whose token is still good is signed
 * in at once; the code flow's callback, or no usable stored user, waits for the client.
 */
function initialState(config: AuthConfig): SessionState {
  const waiting: SessionState = { user: null, isLoading: true, isAuthenticated: false };
  if (hasAuthParams(window.location)) return waiting;
  const user = readStoredUser(config);
  return isUnexpired(user) ? withUser(waiting, user) : waiting;
}

const messageOf = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

/** Provides the session; `onSignedIn` receives the URL to return to after the code flow's callback. */
export function AppAuthProvider({ config, onSignedIn, children }: { config: AuthConfig; onSignedIn: (returnTo: string) => void; children: ReactNode }) {
  const [state, setState] = useState(() => initialState(config));
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  }, [onSignedIn]);
  const client = useRef<Promise<OidcSession> | null>(null);

  /** The OIDC client, loaded and started once (again after its code failed to load). */
  const open = useCallback((): Promise<OidcSession> => {
    client.current ??= import('./oidc-session')
      .then((m) =>
        m.openSession(config, {
          initialised: (user) => setState((s) => withUser(s, user)),
          loaded: (user) => setState((s) => withUser(s, user)),
          unloaded: () => setState((s) => ({ ...s, user: null, isAuthenticated: false })),
          failed: (e) => setState((s) => ({ ...s, isLoading: false, error: { message: messageOf(e, 'Sign-in failed') } })),
          signedIn: (user) => {
            const returnTo = (user.state as { returnTo?: unknown } | undefined)?.returnTo;
            signedIn.current(typeof returnTo === 'string' ? returnTo : '/');
          },
        }),
      )
      .catch((e: unknown) => {
        client.current = null;
        setState((s) => ({ ...s, isLoading: false, error: { message: `The sign-in code could not be loaded: ${messageOf(e, 'unknown error')}` } }));
        throw e;
      });
    return client.current;
  }, [config]);

  useEffect(() => {
    open().catch(() => {
      /* said in `error` */
    });
  }, [open]);

  /** Runs a redirect of the client, showing it under way; a failure lands in `error` (the promise never rejects). */
  const redirect = useCallback(
    async (method: 'signinRedirect' | 'signoutRedirect', run: (c: OidcSession) => Promise<void>) => {
      setState((s) => ({ ...s, isLoading: true, activeNavigator: method }));
      try {
        await run(await open());
      } catch (e) {
        setState((s) => ({ ...s, error: { message: messageOf(e, `Unknown error while executing ${method}(...).`) } }));
      } finally {
        setState((s) => ({ ...s, isLoading: false, activeNavigator: undefined }));
      }
    },
    [open],
  );

  const session = useMemo<Session>(
    () => ({
      ...state,
      authority: config.issuer,
      signinRedirect: (args) => redirect('signinRedirect', (c) => c.signinRedirect(args)),
      signoutRedirect: () => redirect('signoutRedirect', (c) => c.signoutRedirect()),
      removeUser: async () => {
        try {
          await (await open()).removeUser();
        } catch {
          // Without the client (its code did not load) the stored user is forgotten here.
          forgetStoredUser(config);
          setState((s) => ({ ...s, user: null, isAuthenticated: false }));
        }
      },
    }),
    [state, config, redirect, open],
  );
  return (
    <SessionContext.Provider value={session}>
      <TokenBridge />
      {children}
    </SessionContext.Provider>
  );
}

/** Keeps the API client's bearer token in step with the session. */
function TokenBridge() {
  const session = useSession();
  const accessToken = session.user?.access_token ?? null;
  // A layout effect runs before any component's effects, so no request goes out with a stale token.
  useLayoutEffect(() => {
    token = accessToken;
  }, [accessToken]);
  useEffect(() => {
    onUnauthorized = () => {
      void session.removeUser();
    };
  }, [session]);
  return null;
}

/** Renders children (or the child routes) only when signed in; otherwise redirects to /login (001 §2). */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const session = useSession();
  const loc = useLocation();
  if (session.isLoading || session.activeNavigator)
    return (
      <Box as="p" role="status" padding={24}>
        Signing in…
      </Box>
    );
  if (!session.isAuthenticated) return <Navigate to="/login" replace state={{ returnTo: loc.pathname + loc.search }} />;
  return <>{children ?? <Outlet />}</>;
}
