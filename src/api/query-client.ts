/**
 * The SPA's one TanStack Query client, shared by the provider (src/app/main.tsx) and the route
 * loaders, which start a screen's reads while its code loads ({@link loaderClient}): the
 * component then finds them in this cache under the same keys.
 */
import { QueryClient } from '@tanstack/react-query';
import { AnswerShapeError, apiAuth, ApiError } from './client';

/** The app's query client: answers fresh for 10 s; a 4xx or a wrong-shaped answer is not asked again. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      // A 4xx or an answer of the wrong shape will not get better by asking again.
      retry: (n, e) => !(e instanceof AnswerShapeError) && !(e instanceof ApiError && e.status >= 400 && e.status < 500) && n < 2,
    },
  },
});

/**
 * The query client for a route loader to start reads in (`void qc.prefetchQuery(options)`: the
 * screen renders at once and finds them in the cache under the same keys), or null before
 * sign-in, so a loader never asks the API without a token.
 */
export const loaderClient = (): QueryClient | null => (apiAuth().token ? queryClient : null);
