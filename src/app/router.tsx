/**
 * The route table of 001 §2, combined from the slices' `routes.tsx` (README.md "Architecture"):
 * this file adds only what every screen shares. Unauthenticated visitors go to /login;
 * unknown paths show 'Not Found!'; a render or loading error shows the global error overlay;
 * a route the signed-in role may not open (the policy table, src/model/policy.ts) shows "You
 * do not have access to this page". Screens load on first visit (`lazy`), so the sign-in
 * page and the funnel list stay small.
 */
import type { ComponentType } from 'react';
import { useNavigate, useRouteError, type RouteObject } from 'react-router-dom';
import { publicRoutes } from '../features/auth/routes';
import { routes as campaigns } from '../features/campaigns/routes';
import { routes as categories } from '../features/categories/routes';
import { routes as dashboard } from '../features/dashboard/routes';
import { routes as domains } from '../features/domains/routes';
import { routes as funnels } from '../features/funnels/routes';
import { routes as offers } from '../features/offers/routes';
import { routes as orders } from '../features/orders/routes';
import { routes as pageEditor } from '../features/page-editor/routes';
import { routes as products } from '../features/products/routes';
import { routes as scrubs } from '../features/scrubs/routes';
import { routes as shipping } from '../features/shipping/routes';
import { routes as status } from '../features/status/routes';
import { routes as sticky } from '../features/sticky/routes';
import { routes as templateEditor } from '../features/template-editor/routes';
import { routes as templates } from '../features/templates/routes';
import { routes as users } from '../features/users/routes';
import { MSG, SCREENS, type ScreenPattern } from '../model';
import { ErrorOverlay, useDocumentTitle } from '../ui';
import { RequireAuth } from './auth';
import { loadEditorBar } from './editing/bar-load';
import { loadEditing } from './editing/load';
import { editingOf, showsBar } from './editing/handle';

function RouteError() {
  const err = useRouteError() as Error | undefined;
  const navigate = useNavigate();
  return <ErrorOverlay message={err?.message ?? 'Unknown error'} onRetry={() => void navigate(0)} />;
}

/** Anything else (001 §2). */
export function NotFound() {
  useDocumentTitle([MSG.notFound]);
  return <h1>{MSG.notFound}</h1>;
}

const isScreen = (path: string): path is ScreenPattern => Object.hasOwn(SCREENS, path);

/**
 * A slice's route inside the shell, behind its policy check: its `path` is its entry in
 * SCREENS (the actions its screen needs); `''` is the index route (the dashboard or the
 * role's first page). The check (src/app/access.tsx, which reads the role with the model's
 * schemas) loads with the screen, after sign-in; so does the shell's editor part
 * (src/app/editing/EditingArea.tsx) for a route whose `handle.editing` names documents.
 * @throws Error at start-up when a slice declares a path the policy table does not know.
 */
export function guarded(r: RouteObject): RouteObject {
  const path = r.path ?? '';
  if (!isScreen(path)) throw new Error(`Route "${path}" has no entry in the policy table's SCREENS`);
  const { lazy, element, ...route } = r;
  // The screen's pattern beside `handle.editing`: no editor bar on a screen the role is refused.
  const rest: RouteObject = editingOf(r.handle) ? { ...route, handle: { ...(r.handle as object), screen: path } } : route;
  // A route that edits documents needs the shell's editor part too (and its bar, unless it shows none): loaded beside its screen.
  const editor = editingOf(r.handle) ? () => Promise.all([loadEditing(), showsBar(r.handle) ? loadEditorBar() : null]) : () => null;
  const load = async () => {
    const [access, screen] = await Promise.all([import('./access'), typeof lazy === 'function' ? lazy() : { Component: null }, editor()]);
    const { Component, ...more } = screen;
    const Screen = Component as ComponentType | null | undefined;
    const el = Screen ? <Screen /> : element;
    return { ...more, element: path === '' ? <access.HomeRoute>{el}</access.HomeRoute> : <access.RequireScreen screen={path}>{el}</access.RequireScreen> };
  };
  return path === '' ? ({ ...rest, path: undefined, index: true, lazy: load } as RouteObject) : { ...rest, lazy: load };
}

/** Every slice's routes inside the shell, in the order of 001 §2. */
const screens: RouteObject[] = [
  ...dashboard,
  ...funnels,
  ...pageEditor,
  ...offers,
  ...domains,
  ...templateEditor,
  ...campaigns,
  ...scrubs,
  ...products,
  ...templates,
  ...users,
  ...categories,
  ...orders,
  ...shipping,
  ...sticky,
  ...status,
];

/** The route table. */
export const routes: RouteObject[] = [
  ...publicRoutes,
  {
    element: <RequireAuth />,
    errorElement: <RouteError />,
    // The shell (menus, header, footer, editor bar) loads after sign-in: /login does not need it.
    children: [
      {
        lazy: () => import('./Shell').then((m) => ({ Component: m.Shell })),
        errorElement: <RouteError />,
        children: [{ errorElement: <RouteError />, children: [...screens.map(guarded), { path: '*', element: <NotFound /> }] }],
      },
    ],
  },
];
