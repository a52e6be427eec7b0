/**
 * SPA entry: reads the identity provider's settings from `GET /api/config`, then mounts the
 * providers (OIDC session, TanStack Query, the editor store) and the router.
 */
import { StrictMode, useMemo, type ReactNode } from 'react';
import { useAuth } from 'react-oidc-context';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../api';
import { EditorProvider } from '../editor';
import { ErrorOverlay } from '../ui';
import '../ui/theme.css';
import { AppAuthProvider, type AuthConfig } from './auth';
import { createAppEditorStore } from './editor-store';
import { routes } from './router';

async function boot() {
  const root = createRoot(document.getElementById('root')!);
  let config: AuthConfig;
  try {
    const res = await fetch('/api/config');
    if (!res.ok) throw new Error(`The API answered ${res.status} to /api/config`);
    config = (await res.json()) as AuthConfig;
  } catch (e) {
    root.render(<ErrorOverlay message={`Funnel Admin could not reach its API: ${(e as Error).message}`} onRetry={() => window.location.reload()} />);
    return;
  }
  const router = createBrowserRouter(routes);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        retry: (n, e) => !(e instanceof ApiError && e.status >= 400 && e.status < 500) && n < 2,
      },
    },
  });
  root.render(
    <StrictMode>
      <AppAuthProvider config={config} onSignedIn={(to) => void router.navigate(to, { replace: true })}>
        <QueryClientProvider client={queryClient}>
          <UserEditorProvider issuer={config.issuer}>
            <RouterProvider router={router} />
          </UserEditorProvider>
        </QueryClientProvider>
      </AppAuthProvider>
    </StrictMode>,
  );
}

/** The signed-in user's editor store (and journal); a new one when another user signs in. */
function UserEditorProvider({ issuer, children }: { issuer: string; children: ReactNode }) {
  const subject = useAuth().user?.profile.sub ?? null;
  const store = useMemo(() => createAppEditorStore(subject ? { issuer, subject } : null), [issuer, subject]);
  return <EditorProvider store={store}>{children}</EditorProvider>;
}

void boot();
