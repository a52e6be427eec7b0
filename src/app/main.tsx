/**
 * SPA entry: reads the identity provider's settings from `GET /api/config`, then mounts the
 * providers (OIDC session, TanStack Query) and the router. The editor store and the shell load
 * after sign-in (src/app/Shell.tsx), so the sign-in page stays small.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api';
import { ErrorOverlay } from '../ui';
import '../ui/fonts';
import '../ui/theme.css';
import { AppAuthProvider, type AuthConfig } from './auth';
import { routes } from './router';

async function boot() {
  const host = document.getElementById('root');
  if (!host) throw new Error('index.html has no #root element');
  const root = createRoot(host);
  let config: AuthConfig;
  try {
    const res = await fetch('/api/config');
    if (!res.ok) throw new Error(`The API answered ${res.status} to /api/config`);
    config = parseAuthConfig(await res.json());
  } catch (e) {
    root.render(<ErrorOverlay message={`Funnel Admin could not reach its API: ${(e as Error).message}`} onRetry={() => window.location.reload()} />);
    return;
  }
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

/**
 * Checks `GET /api/config` (four non-empty strings; the server's `SpaConfig` schema) without
 * zod, which the sign-in page does not otherwise load. @throws Error naming the first bad field.
 */
function parseAuthConfig(x: unknown): AuthConfig {
  const o = (x ?? {}) as Record<string, unknown>;
  for (const k of ['issuer', 'client_id', 'audience', 'scope'] as const) {
    if (typeof o[k] !== 'string' || !o[k]) throw new Error(`its /api/config has no ${k}`);
  }
  return { issuer: o.issuer as string, client_id: o.client_id as string, audience: o.audience as string, scope: o.scope as string };
}

void boot();
