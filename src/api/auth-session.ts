/**
 * The signed-in session as screens read it (001 §1 sign-in, §2 /login): who is signed in, whether
 * the session is still being restored or a redirect to the identity provider is under way, and
 * the three things a screen may do with it. The app's provider (src/app/auth.tsx) fills it from
 * the OIDC client's stored user at once and loads the OIDC client itself only when it is needed
 * (renewal, sign-in, sign-out), so a signed-in first visit paints without it.
 */
import { createContext, useContext } from 'react';

/** The parts of the OIDC client's stored user the app reads (oidc-client-ts `User`, as stored). */
export interface SessionUser {
  access_token: string;
  /** Seconds since the epoch; absent: the token never expires. */
  expires_at?: number;
  profile: { sub: string; email?: string };
  /** What the sign-in carried through the identity provider (`{ returnTo }`). */
  state?: unknown;
}

/** The session; see the module comment. */
export interface Session {
  user: SessionUser | null;
  /** Restoring the stored session, finishing the code flow's callback, or redirecting. */
  isLoading: boolean;
  /** A user whose access token has not expired. */
  isAuthenticated: boolean;
  /** The redirect under way (`'signinRedirect'`, `'signoutRedirect'`), if any. */
  activeNavigator?: string;
  /** The last sign-in, sign-out or renewal failure, in the OIDC client's words. */
  error?: { message: string };
  /** The identity provider's issuer URL (the editor keeps one store per issuer and user). */
  authority: string;
  /** Sends the browser to the identity provider; `state` comes back with the callback. Failures land in `error`. */
  signinRedirect: (args?: { state?: unknown }) => Promise<void>;
  /** Ends the session at the identity provider, which returns to /login. Failures land in `error`. */
  signoutRedirect: () => Promise<void>;
  /** Forgets the stored user here (no redirect). */
  removeUser: () => Promise<void>;
}

/** The session's context; provided by src/app/auth.tsx (and by stories with a stand-in). */
export const SessionContext = createContext<Session | null>(null);

/**
 * The current session.
 * @throws Error when no session provider is above the caller.
 */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs the session provider (src/app/auth.tsx) above it');
  return session;
}

/** True when `user` has an access token that has not expired at `nowMs` (oidc-client-ts `User.expired`). */
export function isUnexpired(user: SessionUser | null, nowMs = Date.now()): user is SessionUser {
  return !!user && (user.expires_at === undefined || user.expires_at > nowMs / 1000);
}
