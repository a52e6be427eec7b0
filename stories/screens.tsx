/**
 * What the screen stories share: a route to render the screen at (inside the preview's
 * MemoryRouter, which starts at '/'), and the API reads screens make on top of the panels'
 * handlers (`.storybook/handlers.ts`). Network mocks live only in stories.
 */
import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { apiHandlers } from '../.storybook/handlers';
import * as fx from '../tests/fixtures/demo';
import { mockPagesAnswer } from './features/funnels/pages-mock';

/** Where a screen navigated to when it left its route (a play function can assert it). */
function Left() {
  const loc = useLocation();
  return <p role="status">Navigated to {loc.pathname}</p>;
}

/** Renders `children` at route pattern `path`, opened at `url`; other routes say where the screen navigated. */
export function AtRoute({ path, url, children }: { path: string; url: string; children: ReactNode }) {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={url} replace />} />
      <Route path={path} element={children} />
      <Route path="*" element={<Left />} />
    </Routes>
  );
}

/** The signed-in admin of the stories. */
export const storyUser = { user_id: 1, email: 'admin@example.com', name: 'Ada Admin', role: 'admin' } as const;

/** The API as screens read it: the session, health, a funnel, its pages, a page, and the panels' handlers. */
export function screenHandlers(opts: { healthStatus?: number } = {}) {
  const allPages = [...fx.pages, fx.emptyCheckoutPage];
  return [
    http.get('/api/v1/me', () => HttpResponse.json(storyUser)),
    http.get('/api/health', () =>
      opts.healthStatus && opts.healthStatus !== 200
        ? HttpResponse.json({ message: 'Database unavailable' }, { status: opts.healthStatus })
        : HttpResponse.json({ status: 'ok', db: 'pglite' }),
    ),
    http.get('/api/v1/funnels/:id/pages', ({ params, request }) =>
      mockPagesAnswer(
        request,
        allPages.filter((p) => p.funnel_id === Number(params.id) && p.ID !== fx.emptyCheckoutPage.ID),
        Number(params.id) === fx.funnel.ID ? fx.funnel.page_id : null,
      ),
    ),
    http.get('/api/v1/funnels/:id', ({ params }) =>
      Number(params.id) === fx.funnel.ID ? HttpResponse.json(fx.funnel) : HttpResponse.json({ message: 'Funnel not found' }, { status: 404 }),
    ),
    http.get('/api/v1/pages/:id', ({ params }) => {
      const p = allPages.find((x) => x.ID === Number(params.id));
      return p ? HttpResponse.json(p) : HttpResponse.json({ message: 'Page not found' }, { status: 404 });
    }),
    http.post('/api/v1/funnels', async ({ request }) => {
      const body = (await request.json()) as { name: string; offer: number };
      return HttpResponse.json({ ...fx.funnel, ID: 9, name: body.name, offer: body.offer, version: 1 }, { status: 201 });
    }),
    ...apiHandlers(),
  ];
}
