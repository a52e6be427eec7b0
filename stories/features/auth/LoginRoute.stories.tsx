import preview from '../../../.storybook/preview';
import { useRoutes } from 'react-router-dom';
import { expect, fn } from 'storybook/test';
import { SessionContext, type Session } from '../../../src/api/auth-session';
import { publicRoutes } from '../../../src/features/auth/routes';
import { CallbackRoute, LoginRoute } from '../../../src/features/auth/screens/LoginRoute';
import { AtRoute } from '../../screens';

/** The session as the app's provider gives it, signed out unless `over` says otherwise. */
function session(over: Partial<Session>): Session {
  return {
    user: null,
    isAuthenticated: false,
    isLoading: false,
    activeNavigator: undefined,
    error: undefined,
    authority: 'http://127.0.0.1/oidc',
    signinRedirect: fn(() => Promise.resolve()),
    signoutRedirect: fn(() => Promise.resolve()),
    removeUser: fn(() => Promise.resolve()),
    ...over,
  };
}

/** The auth slice's routes (/login, /login/callback), opened at `url` with `auth` as the session. */
function SignIn({ url, auth }: { url: string; auth: Session }) {
  const screens = useRoutes(publicRoutes);
  return (
    <SessionContext.Provider value={auth}>
      <AtRoute path="/login/*" url={url}>
        {screens}
      </AtRoute>
    </SessionContext.Provider>
  );
}

const meta = preview.meta({
  title: 'Auth/LoginRoute',
  component: SignIn,
  subcomponents: { LoginRoute, CallbackRoute },
  args: { url: '/login', auth: session({}) },
});

const signinRedirect = fn(() => Promise.resolve());

/** /login: Sign in starts the code flow, remembering where to return. */
export const SignedOut = meta.story({
  args: { auth: session({ signinRedirect }) },
  play: async ({ canvas, userEvent, step }) => {
    await step('Sign in', async () => {
      await userEvent.click(await canvas.findByRole('button', { name: 'Sign in' }));
    });
    await step('The sign-in starts, returning to the dashboard', async () => {
      await expect(signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/' } });
    });
  },
});

/** While the identity provider is being reached the button says so and is disabled. */
export const Redirecting = meta.story({
  args: { auth: session({ activeNavigator: 'signinRedirect' }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Signing in…' })).toBeDisabled();
  },
});

/** /login/callback while the code is exchanged. */
export const Callback = meta.story({
  args: { url: '/login/callback' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Signing in…');
  },
});

/** A failed callback shows 'Oops...' with the provider's message and offers Sign in again (001 §8). */
export const CallbackError = meta.story({
  args: { url: '/login/callback', auth: session({ error: new Error('invalid_grant (grant request is invalid)') }) },
  play: async ({ canvas, step }) => {
    await step("The provider's error", async () => {
      await expect(await canvas.findByRole('alert')).toHaveTextContent('Oops... invalid_grant (grant request is invalid)');
    });
    await step('Sign in can be tried again', async () => {
      await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    });
  },
});
