/**
 * The session as the OIDC client keeps it, read without the client (001 §1): oidc-client-ts
 * stores the user as JSON under `oidc.user:<authority>:<client_id>` in localStorage (as
 * oidc-settings.ts asks), so the entry and the session provider can tell at once whether an
 * operator is signed in, and the client itself loads later.
 */
import type { SessionUser } from '../api/auth-session';
import type { AuthConfig } from './oidc-settings';

/** The storage key of the signed-in user. */
export const storedUserKey = (config: AuthConfig): string => `oidc.user:${config.issuer}:${config.client_id}`;

/**
 * The stored user, or null when there is none or it cannot be read (storage blocked, not JSON,
 * no access token).
 */
export function readStoredUser(config: AuthConfig): SessionUser | null {
  try {
    const raw = localStorage.getItem(storedUserKey(config));
    if (!raw) return null;
    const u: unknown = JSON.parse(raw);
    if (typeof u !== 'object' || u === null || !('access_token' in u) || typeof u.access_token !== 'string') return null;
    if (!('profile' in u) || typeof u.profile !== 'object' || u.profile === null || !('sub' in u.profile) || typeof u.profile.sub !== 'string') return null;
    const email = 'email' in u.profile && typeof u.profile.email === 'string' ? u.profile.email : undefined;
    const expiresAt = 'expires_at' in u && typeof u.expires_at === 'number' ? u.expires_at : undefined;
    return {
      access_token: u.access_token,
      ...(expiresAt !== undefined ? { expires_at: expiresAt } : {}),
      profile: { sub: u.profile.sub, ...(email !== undefined ? { email } : {}) },
      state: 'state' in u ? u.state : undefined,
    };
  } catch {
    return null;
  }
}

/** Removes the stored user (what the OIDC client's `removeUser` does to storage); storage that cannot be written is left. */
export function forgetStoredUser(config: AuthConfig): void {
  try {
    localStorage.removeItem(storedUserKey(config));
  } catch {
    /* blocked storage holds nothing of ours */
  }
}

/** True when the address carries the code flow's answer (`code` or `error`, with `state`), in the query or the fragment. */
export function hasAuthParams(location: Location): boolean {
  for (const raw of [location.search, location.hash.replace('#', '?')]) {
    const p = new URLSearchParams(raw);
    if ((p.get('code') || p.get('error')) && p.get('state')) return true;
  }
  return false;
}
