/**
 * What the screen stories share: a route to render the screen at (inside the preview's
 * MemoryRouter, which starts at '/'), and the API reads screens make on top of the panels'
 * handlers (`.storybook/handlers.ts`). Network mocks live only in stories.
 */
import type { ReactNode } from 'react';
import type { StoryContext } from '@storybook/react-vite';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { delay, http, HttpResponse, type RequestHandler } from 'msw';
import { expect, waitFor, type within } from 'storybook/test';
import { apiHandlers } from '../.storybook/handlers';
import * as fx from '../tests/fixtures/demo';
import { mockPagesAnswer } from './features/funnels/pages-mock';
import { playConfirmDelete } from './helpers';

/** Where a screen navigated to when it left its route (a play function can assert it). */
export function Left() {
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

/** A story `render` that shows `screen` at route pattern `path`, opened at `url` (the path itself by default). */
export function renderAt(path: string, screen: ReactNode, url = path) {
  return function RenderAt() {
    return (
      <AtRoute path={path} url={url}>
        {screen}
      </AtRoute>
    );
  };
}

/**
 * The meta (or story) fields of a screen at a route: {@link renderAt}'s `render`, answered by the
 * msw `handlers`. Spread it beside the meta's literal title and `component`.
 */
export const routeStory = (path: string, screen: ReactNode, handlers: RequestHandler[], url = path) => ({
  render: renderAt(path, screen, url),
  parameters: { msw: { handlers } },
});

/**
 * A page whose tabs are child routes, as the app routes it (the funnel page, the offer page):
 * `page` at layout pattern `path` with each of `tabs` at its name, opened at `url`; `index` is
 * where the bare page address goes (none: the page itself redirects), an unknown tab stays inside
 * the page, and other addresses say where the screen navigated.
 */
export function AtTabbedPage<T extends string>({
  url,
  path,
  page,
  tabs,
  index,
}: {
  url: string;
  path: string;
  page: ReactNode;
  tabs: Record<T, { Component: () => ReactNode }>;
  index?: T;
}) {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={url} replace />} />
      <Route path={path} element={page}>
        {index ? <Route index element={<Navigate to={index} replace />} /> : null}
        {Object.entries<{ Component: () => ReactNode }>(tabs).map(([t, { Component }]) => (
          <Route key={t} path={t} element={<Component />} />
        ))}
        <Route path="*" element={null} />
      </Route>
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

/** An msw handler for `method path` that never answers: what asks it stays loading. */
export const neverAnswers = (method: 'get' | 'post', path: string) =>
  http[method](path, async () => {
    await delay('infinite');
    return new HttpResponse(null);
  });

/** One call a story's msw handlers logged: method, path and JSON body. */
export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A story that records what the screen sends: its msw handlers are `handlers(sent)`, and `play`
 * gets the story's context and `sent`, emptied first (a re-run starts clean). Shapes: the
 * story's `parameters` and `play`; spread it beside a `render` of its own.
 * @typeParam S - one logged call ({@link Sent} by default; an upload has its own).
 */
export function recordingStory<S = Sent>(handlers: (sent: S[]) => RequestHandler[], play: (ctx: StoryContext, sent: S[]) => Promise<void>) {
  const sent: S[] = [];
  return {
    parameters: { msw: { handlers: handlers(sent) } },
    play: async (ctx: StoryContext) => {
      sent.length = 0;
      await play(ctx, sent);
    },
  };
}

/**
 * The msw handler of `DELETE /api/v1/<resource>/:id`: the call is logged in `sent` (no body),
 * then `answer(id)` answers it (it removes the row, or refuses).
 */
export const loggedDelete = (resource: string, sent: Sent[], answer: (id: number) => Response) =>
  http.delete(`/api/v1/${resource}/:id`, ({ params }) => {
    const id = Number(params.id);
    sent.push({ method: 'DELETE', path: `/api/v1/${resource}/${id}`, body: null });
    return answer(id);
  });

type Canvas = ReturnType<typeof within>;
/** What a Delete story's play uses of its context. */
interface DeletePlay {
  canvas: Canvas;
  userEvent: { click: (el: Element) => Promise<void> };
  step: (label: string, play: () => Promise<void>) => unknown;
}

/**
 * A detail screen's Delete story: its handlers (from `handlers`) log every write; once `ready`
 * holds, pressing `button` (waited for up to 5 s) asks first in the dialog `dialog` saying
 * `question` (Cancel sends nothing, see {@link playConfirmDelete}); Delete sends `DELETE path` (no
 * body, nothing else) and the screen navigates to `to`.
 */
export function deleteAndLeaveStory(
  handlers: (sent: Sent[]) => RequestHandler[],
  confirm: { button: string; dialog: string; question: string },
  then: { to: string; path: string; ready?: (canvas: Canvas) => Promise<unknown> },
) {
  const sent: Sent[] = [];
  return {
    parameters: { msw: { handlers: handlers(sent) } },
    play: async ({ canvas, userEvent, step }: DeletePlay) => {
      sent.length = 0;
      await then.ready?.(canvas);
      await playConfirmDelete({
        step,
        userEvent,
        button: () => canvas.findByRole('button', { name: confirm.button }, { timeout: 5000 }),
        dialog: confirm.dialog,
        question: confirm.question,
        nothingDone: () => expect(sent).toEqual([]),
      });
      await step(`Back to ${then.to} and the request`, async () => {
        await expect(await canvas.findByText(`Navigated to ${then.to}`, {}, { timeout: 5000 })).toBeVisible();
        await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', path: then.path, body: null }]));
      });
    },
  };
}
