/**
 * The sign-in page's Sign in button before the app has loaded (main.tsx): starts the code flow
 * with the app's own settings; the identity provider returns to /login/callback, where the
 * app's session provider takes over.
 */
import { UserManager } from 'oidc-client-ts';
import { oidcSettings, type AuthConfig } from './oidc-settings';

/**
 * Sends the browser to the identity provider; `returnTo` is where the callback goes afterwards.
 * @throws Error when the provider's metadata cannot be read (the page then says so).
 */
export async function signIn(config: AuthConfig, returnTo: string): Promise<void> {
  await new UserManager(oidcSettings(config)).signinRedirect({ state: { returnTo } });
}
