/**
 * The OIDC client behind the session (001 §1: code flow with PKCE, renewed silently), loaded
 * by the session provider (auth.tsx) after the first paint or when a sign-in, sign-out or the
 * code flow's callback needs it. oidc-client-ts and its settings stay out of every route's
 * first-visit JavaScript.
 */
import { UserManager, type User } from 'oidc-client-ts';
import type { SessionUser } from '../api/auth-session';
import { oidcSettings, type AuthConfig } from './oidc-settings';
import { hasAuthParams } from './stored-session';

/** What the provider hears from the client. */
export interface SessionEvents {
  /** The stored user once read (or the callback's), `null` when there is none. */
  initialised: (user: SessionUser | null) => void;
  /** A sign-in or renewal stored a (new) user. */
  loaded: (user: SessionUser) => void;
  /** The user was removed or signed out at the provider. */
  unloaded: () => void;
  /** Sign-in callback or renewal failed. */
  failed: (error: unknown) => void;
  /** The code flow's callback signed this user in (before `initialised`). */
  signedIn: (user: SessionUser) => void;
}

/** The client's actions the session offers. */
export interface OidcSession {
  signinRedirect: (args?: { state?: unknown }) => Promise<void>;
  signoutRedirect: () => Promise<void>;
  removeUser: () => Promise<void>;
}

/** The stored user's readable parts (a `User` carries more; nothing else is read). */
const asSessionUser = (u: User): SessionUser => ({ access_token: u.access_token, expires_at: u.expires_at, profile: u.profile, state: u.state });

/**
 * Starts the OIDC client for `config`: finishes the code flow when the address carries its
 * answer (then `on.signedIn(user)`), reads the stored user (arming the silent renewal), and
 * reports every later change through `on`. Never rejects: failures go to `on.failed`.
 */
export async function openSession(config: AuthConfig, on: SessionEvents): Promise<OidcSession> {
  const manager = new UserManager(oidcSettings(config));
  manager.events.addUserLoaded((u) => on.loaded(asSessionUser(u)));
  manager.events.addUserUnloaded(() => on.unloaded());
  manager.events.addUserSignedOut(() => on.unloaded());
  manager.events.addSilentRenewError((e) => on.failed(e));
  try {
    let user: User | null = null;
    if (hasAuthParams(window.location)) {
      user = (await manager.signinCallback()) ?? null;
      if (user) on.signedIn(asSessionUser(user));
    }
    user ??= await manager.getUser();
    on.initialised(user ? asSessionUser(user) : null);
  } catch (e) {
    on.failed(e);
  }
  return {
    signinRedirect: (args) => manager.signinRedirect(args),
    signoutRedirect: () => manager.signoutRedirect(),
    removeUser: () => manager.removeUser(),
  };
}
