/**
 * Routes of 001 §2. Unauthenticated visitors go to /login; unknown paths show 'Not Found!';
 * a render or loading error shows the global error overlay; a route the signed-in role may
 * not open (the policy table, src/model/policy.ts) shows "You do not have access to this page".
 */
import type { ReactNode } from 'react';
import { Navigate, useNavigate, useRouteError, type RouteObject } from 'react-router-dom';
import { useAuth } from 'react-oidc-context';
import { ErrorOverlay } from '../ui';
import { LoginScreen } from '../features/auth/LoginScreen';
import type { ScreenPattern } from '../model';
import { HomeRoute, RequireScreen } from './access';
import { RequireAuth } from './auth';
import { FunnelScreen, FunnelsScreen, LaterScreen, LoginRoute, NotFound, PageEditorScreen, StatusScreen } from './screens';
import { Shell } from './Shell';

function RouteError() {
  const err = useRouteError() as Error | undefined;
  const navigate = useNavigate();
  return <ErrorOverlay message={err?.message ?? 'Unknown error'} onRetry={() => navigate(0)} />;
}

function Callback() {
  const auth = useAuth();
  if (auth.error) return <LoginScreen error={auth.error.message} onSignIn={() => void auth.signinRedirect()} />;
  return <p role="status" style={{ padding: 24 }}>Signing in…</p>;
}

const later = (title: string, issue: string) => <LaterScreen title={title} issue={issue} />;

/**
 * A route of the shell: `path` is also its entry in the policy table's SCREENS (the actions
 * its screen needs); a role without them sees "You do not have access to this page".
 */
const screen = (path: ScreenPattern, element: ReactNode): RouteObject =>
  path === '' ? { index: true, element: <HomeRoute>{element}</HomeRoute> } : { path, element: <RequireScreen screen={path}>{element}</RequireScreen> };

/** The route table. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginRoute /> },
  { path: '/login/callback', element: <Callback /> },
  {
    element: <RequireAuth><Shell /></RequireAuth>,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          screen('', later('Dashboard', 'the dashboard issue')),
          screen('funnels', <FunnelsScreen />),
          screen('funnels/:id', <NavigateToTab />),
          screen('funnels/:id/pages/:pageId', <PageEditorScreen />),
          screen('funnels/:id/:tab', <FunnelScreen />),
          screen('offers', later('Offers', 'the offers issue')),
          screen('offers/:id/:tab', later('Offer', 'the offers issue')),
          screen('domains', later('Domains', 'the domains issue')),
          screen('template-editor', <Navigate to="/funnels" replace />),
          screen('template-editor/:id', later('Template editor', 'the template editor issue')),
          screen('campaigns/:id', later('Campaign', 'the campaigns issue')),
          screen('scrubs/:id', later('Scrub', 'the scrubs issue')),
          screen('products', later('Products', 'the products issue')),
          screen('products/:id', <Navigate to="/products" replace />),
          screen('templates', later('Templates', 'the template library issue')),
          screen('users', later('Users', 'the users issue')),
          screen('categories', later('Categories', 'the categories issue')),
          screen('orders', later('Orders', 'the orders issue')),
          screen('shipping', later('Shipping', 'the shipping issue')),
          screen('sticky', later('Sticky', 'the sticky issue')),
          screen('status', <StatusScreen />),
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

function NavigateToTab() {
  return <Navigate to="pages" replace />;
}
