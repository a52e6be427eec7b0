import preview from '../../../.storybook/preview';
import { expect, fn } from 'storybook/test';
import { LoginScreen } from '../../../src/features/auth/components/LoginScreen';

const meta = preview.meta({ title: 'Auth/LoginScreen', component: LoginScreen, args: { onSignIn: fn() } });

/** The Sign in button starts the sign-in. */
export const SignIn = meta.story({
  play: async ({ canvas, userEvent, args, step }) => {
    await step('Sign in', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    });
    await step('The sign-in is asked for', async () => {
      await expect(args.onSignIn).toHaveBeenCalled();
    });
  },
});

/** An authentication error shows 'Oops...' with its message (001 §8). */
export const AuthError = meta.story({
  args: { error: 'login_required' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Oops... login_required');
  },
});
