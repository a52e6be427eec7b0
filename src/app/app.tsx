/**
 * The app behind the entry (main.tsx): the OIDC session, TanStack Query and the router with
 * every slice's routes, mounted on the entry's root. Loaded by the entry at once for any page
 * but a first visit to /login, where the sign-in page paints without it.
 */
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api';
import { AppAuthProvider } from './auth';
import type { AuthConfig } from './oidc-settings';
import { routes } from './router';

/** Renders the whole app into `root` with the identity provider `config` names. */
export function mountApp(root: Root, config: AuthConfig): void {
  const router = createBrowserRouter(routes);
  root.render(
    <StrictMode>
      <AppAuthProvider config={config} onSignedIn={(to) => void router.navigate(to, { replace: true })}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppAuthProvider>
    </StrictMode>,
  );
}
