/**
 * Routes of 001 §2. Unauthenticated visitors go to /login; unknown paths show 'Not Found!';
 * a render or loading error shows the global error overlay.
 */
import { Navigate, useNavigate, useRouteError, type RouteObject } from 'react-router-dom';
import { useAuth } from 'react-oidc-context';
import { ErrorOverlay } from '../ui';
import { LoginScreen } from '../features/auth/LoginScreen';
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
          { index: true, element: later('Dashboard', 'the dashboard issue') },
          { path: 'funnels', element: <FunnelsScreen /> },
          { path: 'funnels/:id', element: <NavigateToTab /> },
          { path: 'funnels/:id/pages/:pageId', element: <PageEditorScreen /> },
          { path: 'funnels/:id/:tab', element: <FunnelScreen /> },
          { path: 'offers', element: later('Offers', 'the offers issue') },
          { path: 'offers/:id/:tab', element: later('Offer', 'the offers issue') },
          { path: 'domains', element: later('Domains', 'the domains issue') },
          { path: 'template-editor', element: <Navigate to="/funnels" replace /> },
          { path: 'template-editor/:id', element: later('Template editor', 'the template editor issue') },
          { path: 'campaigns/:id', element: later('Campaign', 'the campaigns issue') },
          { path: 'scrubs/:id', element: later('Scrub', 'the scrubs issue') },
          { path: 'products', element: later('Products', 'the products issue') },
          { path: 'products/:id', element: <Navigate to="/products" replace /> },
          { path: 'templates', element: later('Templates', 'the template library issue') },
          { path: 'users', element: later('Users', 'the users issue') },
          { path: 'categories', element: later('Categories', 'the categories issue') },
          { path: 'orders', element: later('Orders', 'the orders issue') },
          { path: 'shipping', element: later('Shipping', 'the shipping issue') },
          { path: 'sticky', element: later('Sticky', 'the sticky issue') },
          { path: 'status', element: <StatusScreen /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

function NavigateToTab() {
  return <Navigate to="pages" replace />;
}
