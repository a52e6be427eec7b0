/**
 * The OIDC client's settings (001 §1: code flow with PKCE against the issuer `GET /api/config`
 * names), shared by the session provider (auth.tsx) and the sign-in page's button
 * (sign-in.ts), so both start the same flow and keep the session in the same place.
 */
import { WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';

/** What the API tells the SPA about its identity provider. */
export interface AuthConfig {
  issuer: string;
  client_id: string;
  audience: string;
  scope: string;
}

/** The settings of the app's `UserManager`: the session in localStorage, renewed silently. */
export function oidcSettings(config: AuthConfig): UserManagerSettings {
  return {
    authority: config.issuer,
    client_id: config.client_id,
    redirect_uri: `${window.location.origin}/login/callback`,
    post_logout_redirect_uri: `${window.location.origin}/login`,
    response_type: 'code',
    scope: config.scope,
    loadUserInfo: false,
    automaticSilentRenew: true,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
  };
}
