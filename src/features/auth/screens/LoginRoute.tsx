/** The sign-in routes (001 §1, §2): /login and the code flow's /login/callback. */
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../../../api/auth-session';
import { Box, useDocumentTitle } from '../../../ui';
import { LoginScreen } from '../components/LoginScreen';

/** /login (001 §2): the Sign in button starts the code flow; an error shows 'Oops...'. */
export function LoginRoute() {
  useDocumentTitle(['Sign in']);
  const auth = useSession();
  const loc = useLocation();
  const returnTo = (loc.state as { returnTo?: string } | null)?.returnTo ?? '/';
  if (auth.isAuthenticated) return <Navigate to={returnTo} replace />;
  return <LoginScreen busy={!!auth.activeNavigator} error={auth.error?.message} onSignIn={() => void auth.signinRedirect({ state: { returnTo } })} />;
}

/** /login/callback: the identity provider returns here; an error shows the login screen with it. */
export function CallbackRoute() {
  useDocumentTitle(['Sign in']);
  const auth = useSession();
  if (auth.error) return <LoginScreen error={auth.error.message} onSignIn={() => void auth.signinRedirect()} />;
  return (
    <Box as="p" role="status" padding={24}>
      Signing in…
    </Box>
  );
}
